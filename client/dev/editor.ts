/**
 * The click-to-edit panel of `site dev`, a same-origin script only dev adds to a
 * page (the Content-Security-Policy stays as strict as in production). Every text
 * that came from the content carries its key (`data-site-key`, or
 * `data-site-key-alt` and the like for a text in an attribute); a click with Alt,
 * or any click in edit mode (a toggle in a small toolbar; Tab then reaches every
 * text and Enter opens it), opens a panel with the text in every language side by
 * side, each editable, with its file, line and translation status. Saving goes to
 * the dev server's editor endpoints with the session token this page carries; the
 * page then reloads (live.ts) at the same scroll position and the edited text
 * lights up for a moment. The page's title and description are under "Page details".
 */
import type { SaveResult, TextView } from '../../generator/dev/editor/editor.ts';
import type { OverlayProblem } from '../../generator/dev/overlay.ts';
import { panelStrings, type PanelStrings } from './editorStrings.ts';

const script = document.querySelector<HTMLScriptElement>('script[data-site-token]');
const token = script?.dataset.siteToken ?? '';
const strings: PanelStrings = panelStrings(document.documentElement.lang);
const editedKey = 'site-editor-edited';
const keyAttribute = 'data-site-key';
const markedSelector = `[${keyAttribute}],[${keyAttribute}-alt],[${keyAttribute}-aria-label],[${keyAttribute}-title],[${keyAttribute}-placeholder],[${keyAttribute}-value]`;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The keys an element shows: its text's first, then its attributes'. */
function keysOf(target: Element): string[] {
  const keys: string[] = [];
  for (const attribute of target.getAttributeNames())
    if (attribute === keyAttribute || attribute.startsWith(`${keyAttribute}-`))
      keys.push(...(target.getAttribute(attribute) ?? '').split(' ').filter(Boolean));
  return [...new Set(keys)];
}

async function call<T>(path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Site-Token': token,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  return { status: response.status, data: (await response.json()) as T };
}

const readText = (key: string) =>
  call<TextView & { error?: string }>(`/__site/editor/text?key=${encodeURIComponent(key)}`);

// --- After a reload: the edited text lights up for a moment. ---

function highlightEdited() {
  const saved = sessionStorage.getItem(editedKey);
  if (!saved) return;
  sessionStorage.removeItem(editedKey);
  const { key, path } = JSON.parse(saved) as { key: string; path: string };
  if (path !== location.pathname) return;
  const targets = [...document.querySelectorAll(markedSelector)].filter((target) =>
    keysOf(target).includes(key),
  );
  for (const target of targets) {
    target.classList.add('site-editor-flash');
    setTimeout(() => target.classList.remove('site-editor-flash'), 2500);
  }
}

// --- The toolbar and the panel, in a shadow root so the site's styles and the panel's never meet. ---

const host = document.createElement('site-editor');
const root = host.attachShadow({ mode: 'open' });
const stylesheet = () => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/__site/editor.css';
  return link;
};

const toolbar = element('div', 'toolbar');
toolbar.setAttribute('role', 'toolbar');
toolbar.setAttribute('aria-label', strings.toolbar);
const modeButton = element('button', 'tool', strings.editMode);
modeButton.type = 'button';
modeButton.setAttribute('aria-pressed', 'false');
const detailsButton = element('button', 'tool', strings.pageDetails);
detailsButton.type = 'button';
const hint = element('span', 'tool-hint', strings.altClickHint);
toolbar.append(modeButton, detailsButton, hint);

const dialog = element('dialog', 'panel');
dialog.setAttribute('aria-labelledby', 'site-editor-title');
root.append(stylesheet(), toolbar, dialog);

let editing = false;
/** Texts made focusable for edit mode, to be given back their own tab order. */
let madeFocusable: Element[] = [];
let opener: HTMLElement | null = null;

function setEditMode(on: boolean) {
  editing = on;
  modeButton.setAttribute('aria-pressed', String(on));
  document.documentElement.classList.toggle('site-editor-editing', on);
  if (on) {
    madeFocusable = [...document.body.querySelectorAll(markedSelector)].filter(
      (target) =>
        !target.hasAttribute('tabindex') &&
        !(target as HTMLElement).matches('a,button,input,select,textarea,summary'),
    );
    for (const target of madeFocusable) target.setAttribute('tabindex', '0');
  } else {
    for (const target of madeFocusable) target.removeAttribute('tabindex');
    madeFocusable = [];
  }
}

modeButton.addEventListener('click', () => setEditMode(!editing));
detailsButton.addEventListener('click', () => {
  const keys = [
    ...(document.querySelector('title')?.getAttribute(keyAttribute)?.split(' ') ?? []),
    ...(document
      .querySelector('meta[name="description"]')
      ?.getAttribute(`${keyAttribute}-content`)
      ?.split(' ') ?? []),
  ].filter(Boolean);
  void openPanel(keys, detailsButton, strings.pageDetails);
});

function targetOf(event: Event): Element | null {
  const target = event.target;
  if (!(target instanceof Element) || host.contains(target)) return null;
  return target.closest(markedSelector);
}

document.addEventListener(
  'click',
  (event) => {
    if (!editing && !event.altKey) return;
    const target = targetOf(event);
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    void openPanel(keysOf(target), target as HTMLElement);
  },
  true,
);
document.addEventListener(
  'keydown',
  (event) => {
    if (!editing || (event.key !== 'Enter' && event.key !== ' ')) return;
    const target = targetOf(event);
    if (!target || target !== event.target) return;
    event.preventDefault();
    void openPanel(keysOf(target), target as HTMLElement);
  },
  true,
);

// --- The panel ---

/**
 * While the panel is open, live.ts holds back a reload (a file saved elsewhere) so
 * nothing typed is lost; once it closes or saves, a held reload goes ahead.
 */
function holdReloads(hold: boolean) {
  const open = 'data-site-editor-open';
  if (hold) return document.documentElement.setAttribute(open, '');
  document.documentElement.removeAttribute(open);
  window.dispatchEvent(new Event('site-editor-closed'));
}

interface Section {
  view: TextView;
  areas: Map<string, HTMLTextAreaElement>;
}
let sections: Section[] = [];
const message = element('div', 'message');

function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'language' }).of(
      code,
    );
    return name ? name.charAt(0).toLocaleUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}

function showMessage(kind: 'status' | 'error', lines: (string | HTMLElement)[]) {
  message.replaceChildren(...lines.map((line) => (typeof line === 'string' ? element('p', '', line) : line)));
  message.className = `message message--${kind}`;
  message.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  message.hidden = lines.length === 0;
}

function problemLines(problems: OverlayProblem[]): HTMLElement[] {
  return problems.map((problem) => {
    const item = element('div', 'problem');
    const where = [problem.file, problem.line].filter((part) => part !== undefined).join(':');
    item.append(
      element('p', 'problem__message', `${problem.field ? `${problem.field}: ` : ''}${problem.message}`),
    );
    if (problem.hint) item.append(element('p', 'problem__hint', `${strings.hint}: ${problem.hint}`));
    if (where) item.append(element('p', 'problem__where', where));
    return item;
  });
}

function sectionOf(view: TextView, index: number): { node: HTMLElement; section: Section } {
  const node = element('section', 'text');
  const headingId = `site-editor-key-${index}`;
  const heading = element('h3', 'text__key');
  heading.id = headingId;
  heading.append(element('code', '', view.key));
  node.setAttribute('aria-labelledby', headingId);
  node.append(heading);
  const grid = element('div', 'languages');
  const areas = new Map<string, HTMLTextAreaElement>();
  for (const text of view.texts) {
    const field = element('div', 'language');
    const id = `site-editor-${index}-${text.language}`;
    const label = element(
      'label',
      'language__label',
      view.allLanguages ? strings.allLanguages : `${languageName(text.language)} (${text.language})`,
    );
    label.htmlFor = id;
    const status = element('span', `status status--${text.status}`, strings.status[text.status]);
    const where = element('span', 'language__where', `${text.file}${text.line ? `:${text.line}` : ''}`);
    const meta = element('div', 'language__meta');
    meta.append(...(view.allLanguages ? [] : [status]), where);
    const area = element('textarea', 'language__text');
    area.id = id;
    area.lang = text.language;
    area.value = text.value ?? '';
    area.rows = Math.min(8, Math.max(2, Math.ceil((text.value ?? '').length / 45)));
    area.setAttribute('aria-describedby', `${id}-meta`);
    meta.id = `${id}-meta`;
    if (text.value === undefined) {
      area.disabled = true;
      area.placeholder = strings.noLine;
    }
    areas.set(text.language, area);
    field.append(label, meta, area);
    const help = strings.statusHelp[text.status];
    if (help) {
      const note = element('p', 'language__help', help);
      note.id = `${id}-help`;
      area.setAttribute('aria-describedby', `${id}-meta ${id}-help`);
      field.append(note);
    }
    if (text.status === 'outdated' || text.status === 'untranslated') {
      const confirm = element('button', 'button button--small language__confirm', strings.markCurrent);
      confirm.type = 'button';
      confirm.setAttribute('aria-describedby', `${id}-help`);
      confirm.addEventListener('click', () => void markCurrent(view, text.language, area));
      field.append(confirm);
    }
    grid.append(field);
  }
  node.append(grid);
  if (view.list) node.append(listControls(view));
  return { node, section: { view, areas } };
}

function listControls(view: TextView): HTMLElement {
  const list = view.list!;
  const group = element('div', 'list');
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', strings.listGroup(list.index + 1, list.length));
  group.append(element('p', 'list__where', strings.listGroup(list.index + 1, list.length)));
  const atMinimum = list.length <= list.min;
  const actions: [string, 'add' | 'remove' | 'up' | 'down', boolean][] = [
    [strings.addItem, 'add', true],
    [strings.removeItem, 'remove', !atMinimum],
    [strings.moveUp, 'up', list.index > 0],
    [strings.moveDown, 'down', list.index < list.length - 1],
  ];
  for (const [label, action, enabled] of actions) {
    const button = element('button', 'button button--small', label);
    button.type = 'button';
    button.disabled = !enabled;
    button.addEventListener('click', () => void changeList(view, action));
    group.append(button);
  }
  if (atMinimum) group.append(element('p', 'list__note', strings.listMin(list.min)));
  return group;
}

const versionsOf = (view: TextView) =>
  Object.fromEntries(view.texts.map((text) => [text.language, text.version]));

function render(views: TextView[], title: string) {
  const heading = element('h2', 'panel__title', title);
  heading.id = 'site-editor-title';
  const close = element('button', 'button close', strings.close);
  close.type = 'button';
  close.addEventListener('click', () => dialog.close());
  const header = element('header', 'panel__header');
  header.append(heading, close);
  const form = element('form', 'panel__form');
  form.noValidate = true;
  sections = [];
  views.forEach((view, index) => {
    const { node, section } = sectionOf(view, index);
    sections.push(section);
    form.append(node);
  });
  const save = element('button', 'button button--primary', strings.save);
  save.type = 'submit';
  const cancel = element('button', 'button', strings.cancel);
  cancel.type = 'button';
  cancel.addEventListener('click', () => dialog.close());
  const footer = element('div', 'panel__actions');
  footer.append(save, cancel);
  form.append(footer);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void saveAll();
  });
  message.hidden = true;
  dialog.replaceChildren(header, message, form);
}

let panelTitle = '';

async function openPanel(keys: string[], from: HTMLElement, title = strings.editText) {
  if (keys.length === 0) return;
  opener = from;
  panelTitle = title;
  const answers = await Promise.all(keys.map((key) => readText(key)));
  const views = answers.filter((answer) => answer.status === 200).map((answer) => answer.data);
  render(views, title);
  if (views.length === 0)
    showMessage(
      'error',
      answers.map((answer) => answer.data.error ?? strings.failed),
    );
  if (!dialog.open) dialog.showModal();
  holdReloads(true);
  const pageLanguage = document.documentElement.lang;
  const first = sections[0]?.areas.get(pageLanguage) ?? sections[0]?.areas.values().next().value;
  (first ?? dialog.querySelector('button'))?.focus();
}

/** Back to the text the panel was opened from; a text that takes no focus takes it for this once. */
dialog.addEventListener('close', () => {
  holdReloads(false);
  const target = opener;
  opener = null;
  if (!target?.isConnected) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus();
});

/** After a save: the page reloads when its file changed; otherwise the panel shows the saved texts. */
function afterSave(key: string) {
  sessionStorage.setItem(editedKey, JSON.stringify({ key, path: location.pathname }));
  holdReloads(false);
  showMessage('status', [strings.saved]);
  setTimeout(() => {
    // Still here: the change was in another language than this page's.
    sessionStorage.removeItem(editedKey);
    void openPanel(
      sections.map((section) => section.view.key),
      opener ?? modeButton,
      panelTitle,
    ).then(() => showMessage('status', [strings.savedElsewhere]));
  }, 3000);
}

function handleResult(
  result: { status: number; data: SaveResult & { error?: string; hint?: string } },
  key: string,
) {
  const { data } = result;
  if (result.status === 200 && data.outcome === 'saved') return afterSave(key);
  if (result.status === 200) return showMessage('status', [strings.unchanged]);
  if (data.outcome === 'invalid')
    return showMessage('error', [strings.invalid, ...problemLines(data.problems)]);
  if (data.outcome === 'conflict') {
    const load = element('button', 'button', strings.loadNewVersion);
    load.type = 'button';
    load.addEventListener('click', () => {
      const drafts = sections.map(
        (section) => new Map([...section.areas].map(([l, area]) => [l, area.value])),
      );
      render(
        sections.map((section) => (section.view.key === data.current.key ? data.current : section.view)),
        panelTitle,
      );
      showMessage('status', [strings.loadedNewVersion, ...draftNotes(drafts)]);
      sections[0]?.areas.values().next().value?.focus();
    });
    return showMessage('error', [strings.conflict(data.languages.map(languageName).join(', ')), load]);
  }
  showMessage('error', [data.error ?? strings.failed, ...(data.hint ? [data.hint] : [])]);
}

/** What the editor had typed, shown after loading the version on disk so nothing typed is lost. */
function draftNotes(drafts: Map<string, string>[]): HTMLElement[] {
  const notes: HTMLElement[] = [];
  drafts.forEach((draft, index) => {
    for (const [language, value] of draft) {
      const now = sections[index]?.areas.get(language)?.value;
      if (now !== undefined && now !== value) {
        const note = element('p', 'draft', `${strings.yourText} (${language}): `);
        note.append(element('q', '', value));
        notes.push(note);
      }
    }
  });
  return notes;
}

async function saveAll() {
  for (const section of sections) {
    const values: Record<string, string> = {};
    for (const text of section.view.texts) {
      const area = section.areas.get(text.language);
      if (area && !area.disabled && area.value !== (text.value ?? '')) values[text.language] = area.value;
    }
    if (Object.keys(values).length === 0) continue;
    showMessage('status', [strings.saving]);
    const result = await call<SaveResult>('/__site/editor/save', {
      key: section.view.key,
      values,
      versions: versionsOf(section.view),
    });
    if (!(result.status === 200 && result.data.outcome === 'saved'))
      return handleResult(result, section.view.key);
    section.view = {
      ...section.view,
      texts: section.view.texts.map((text) => ({ ...text, value: values[text.language] ?? text.value })),
    };
    handleResult(result, section.view.key);
    return;
  }
  showMessage('status', [strings.unchanged]);
}

/** Records that a language's translation, as saved, is right for today's reference text. */
async function markCurrent(view: TextView, language: string, area: HTMLTextAreaElement) {
  const saved = view.texts.find((text) => text.language === language)?.value ?? '';
  if (area.value !== saved) return showMessage('error', [strings.saveBeforeConfirm]);
  const result = await call<SaveResult>('/__site/editor/confirm', {
    key: view.key,
    language,
    versions: versionsOf(view),
  });
  if (result.status === 200 && result.data.outcome === 'confirmed') {
    const current = result.data.current;
    const drafts = sections.map((section) => new Map([...section.areas].map(([l, a]) => [l, a.value])));
    render(
      sections.map((section) => (section.view.key === current.key ? current : section.view)),
      panelTitle,
    );
    // What was typed in other texts and languages stays in the panel.
    sections.forEach((section, index) => {
      for (const [l, value] of drafts[index] ?? []) {
        const target = section.areas.get(l);
        if (target && !target.disabled) target.value = value;
      }
    });
    return showMessage('status', [strings.markedCurrent]);
  }
  handleResult(result, view.key);
}

async function changeList(view: TextView, action: 'add' | 'remove' | 'up' | 'down') {
  const list = view.list!;
  const result = await call<SaveResult>('/__site/editor/list', {
    key: view.key,
    action,
    versions: versionsOf(view),
  });
  // The key of the item after the change: the copy after it, the one moved, or the list's neighbour.
  const index = {
    add: list.index + 1,
    remove: Math.max(0, list.index - 1),
    up: list.index - 1,
    down: list.index + 1,
  }[action];
  const rest = view.key
    .slice(list.key.length + 1)
    .split('.')
    .slice(1);
  handleResult(result, [list.key, index, ...rest].join('.'));
}

highlightEdited();
const styles = stylesheet();
document.head.append(styles);
document.body.append(host);
