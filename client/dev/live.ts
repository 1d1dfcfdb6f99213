/**
 * The live-reload script that only `site dev` adds to each page, as a same-origin
 * file (the Content-Security-Policy stays as strict as in production). It listens
 * to the dev server's events: a page whose file changed reloads at the same
 * scroll position, a new stylesheet is swapped in place, and the problems of a
 * failed rebuild show in an overlay over the last good page until they are fixed.
 */
import type { OverlayProblem } from '../../generator/dev/overlay.ts';

// The overlay's data as the dev server sends it (a type only: nothing of the generator reaches the browser).
type Problem = OverlayProblem;

const marker = document.querySelector<HTMLScriptElement>('script[data-site-dev]');
/** The output file this page was served from, e.g. `en/about/index.html`. */
const servedFile = marker?.dataset.siteDev ?? '';
const scrollKey = `site-dev-scroll:${location.pathname}`;

function restoreScroll() {
  const saved = sessionStorage.getItem(scrollKey);
  if (!saved) return;
  const [x, y] = JSON.parse(saved) as [number, number];
  window.scrollTo(x, y);
  // Images above may still change the layout: once more when everything has loaded.
  window.addEventListener('load', () => {
    window.scrollTo(x, y);
    sessionStorage.removeItem(scrollKey);
  });
}

function reload() {
  // The editor's panel is open (editor.ts): a reload would lose what is typed there; it follows when the panel closes or saves.
  if (document.documentElement.hasAttribute('data-site-editor-open')) {
    window.addEventListener('site-editor-closed', reload, { once: true });
    return;
  }
  sessionStorage.setItem(scrollKey, JSON.stringify([window.scrollX, window.scrollY]));
  location.reload();
}

function swapStylesheet(href: string) {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) =>
    link.getAttribute('href')?.startsWith('/assets/'),
  );
  const newest = links.at(-1);
  if (!newest) return reload();
  // Told twice (the same save seen twice), or already on its way.
  if (newest.getAttribute('href') === href) return;
  const next = newest.cloneNode() as HTMLLinkElement;
  next.href = href;
  // The others go only when the new one applies, so the page never shows unstyled. One that
  // arrives before an earlier one has loaded goes after it, wins the cascade, and removes it.
  next.addEventListener('load', () => {
    for (const link of links) link.remove();
  });
  newest.after(next);
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function frameOf(problem: Problem): HTMLElement {
  const pre = element('pre', 'frame');
  for (const line of problem.frame ?? []) {
    if (line.number === undefined) {
      pre.append(element('span', 'marker', `       | ${line.text}\n`));
      continue;
    }
    const isProblemLine = line.number === problem.line;
    pre.append(
      element(
        'span',
        isProblemLine ? 'line problem-line' : 'line',
        `${isProblemLine ? '>' : ' '} ${String(line.number).padStart(4)} | ${line.text}\n`,
      ),
    );
  }
  return pre;
}

function problemSection(problem: Problem): HTMLElement {
  const section = element('section', 'problem');
  const where = [problem.file, problem.line, problem.line !== undefined ? problem.column : undefined]
    .filter((part) => part !== undefined)
    .join(':');
  const heading = element('h2', 'where', where || 'Error');
  if (problem.code) heading.append(' ', element('span', 'code', `[${problem.code}]`));
  section.append(heading);
  if (problem.field) section.append(element('p', 'field', problem.field));
  section.append(element('p', 'message', problem.message));
  if (problem.hint) section.append(element('p', 'hint', `Hint: ${problem.hint}`));
  if (problem.frame?.length) section.append(frameOf(problem));
  if (problem.stack) section.append(element('pre', 'stack', problem.stack));
  return section;
}

const overlayTag = 'site-dev-overlay';

function showProblems(problems: Problem[]) {
  document.querySelector(overlayTag)?.remove();
  if (problems.length === 0) return;
  const host = document.createElement(overlayTag);
  const root = host.attachShadow({ mode: 'open' });
  const stylesheet = document.createElement('link');
  stylesheet.rel = 'stylesheet';
  stylesheet.href = '/__site/overlay.css';
  const panel = element('div', 'panel');
  panel.setAttribute('role', 'alertdialog');
  panel.setAttribute('aria-labelledby', 'site-dev-title');
  const title = element(
    'h1',
    'title',
    `The last save has ${problems.length} problem${problems.length === 1 ? '' : 's'}: this page is the last good build`,
  );
  title.id = 'site-dev-title';
  const close = element('button', 'close', 'Hide');
  close.type = 'button';
  close.addEventListener('click', () => host.remove());
  panel.append(
    close,
    title,
    ...problems.map(problemSection),
    element('p', 'note', 'Fix the file and save: this overlay goes by itself.'),
  );
  root.append(stylesheet, panel);
  document.body.append(host);
}

restoreScroll();
const events = new EventSource('/__site/events');
events.addEventListener('reload', (event) => {
  const { files } = JSON.parse((event as MessageEvent<string>).data) as { files: string[] };
  // The waiting page (no file) is replaced by whatever the first good build serves.
  if (servedFile === '' || files.includes(servedFile)) reload();
});
events.addEventListener('styles', (event) =>
  swapStylesheet((JSON.parse((event as MessageEvent<string>).data) as { href: string }).href),
);
events.addEventListener('problems', (event) =>
  showProblems((JSON.parse((event as MessageEvent<string>).data) as { problems: Problem[] }).problems),
);
