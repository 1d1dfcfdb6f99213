/**
 * `site dev` end to end: the real command on a free port over a private copy of
 * the content, edited the way editors save. Each step waits for the dev server's
 * own events, never for a time. And the one tag dev adds to every page it serves.
 */
import { cp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build/pipeline.ts';
import { removeKeyAttributes } from '../../../generator/dev/editor/marks.ts';
import { withLiveScript } from '../../../generator/dev/devServer.ts';
import { hostConfigFiles } from '../../../generator/hosting/index.ts';
import { createMemoryWriter } from '../../../generator/build/writer.ts';
import { listen, startDev, type DevUnderTest, type EventListener } from '../../helpers/dev.ts';
import { realRouteTable } from '../../helpers/routeTable.ts';
import { runSite } from '../../helpers/site.ts';
import { withRoamingDataAsNumber } from '../../helpers/editedContent.ts';

/** The pages the tests open, from the route table of the content dev starts with (a copy of the real one). */
const routeOf = (page: 'about' | 'subscriptions' | 'contact', language: string) =>
  realRouteTable.routes.find(
    (route) => route.page === page && route.path === realRouteTable.pathOf(page, language),
  )!;
const englishAbout = routeOf('about', 'en');
const privacyForward = realRouteTable.routes.find((route) => route.page === 'privacyRedirect')!;

/** The page without the one tag only dev adds. */
/** The page without what only dev adds: the live-reload and editor scripts, and the editor's key attributes. */
const withoutLiveScript = (html: string) =>
  removeKeyAttributes(
    html
      .replace(/<script type="module" src="\/__site\/live\.js" data-site-dev="[^"]*"><\/script>/, '')
      .replace(/<script type="module" src="\/__site\/editor\.js" data-site-token="[^"]*"><\/script>/, ''),
  );

let dev: DevUnderTest;
let channel: EventListener;

beforeAll(async () => {
  dev = await startDev();
  channel = await listen(dev.url);
}, 600_000);

afterAll(async () => {
  channel?.close();
  if (dev) expect(await dev.stop()).toBe(0);
});

async function edit(file: string, change: (text: string) => string) {
  const target = path.join(dev.contentDir, file);
  const before = await readFile(target, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  await writeFile(target, after);
}

describe('site dev', () => {
  it('prints its address and the time of the first build, and serves pages with the host rules and the live script', async () => {
    expect(dev.stdout()).toMatch(/site dev at http:\/\/127\.0\.0\.1:\d+\/ \(first build in \d+\.\d\d s\)/);
    const response = await fetch(`${dev.url}${englishAbout.path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      `<script type="module" src="/__site/live.js" data-site-dev="${englishAbout.file}"></script>`,
    );
    // The production policy, unchanged: the live script is same-origin, nothing inline is allowed for it.
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(policy).not.toContain('unsafe-inline');
    expect((await fetch(`${dev.url}/__site/live.js`)).headers.get('content-type')).toContain('javascript');
    // Host rules as the preview applies them.
    const forwarded = await fetch(`${dev.url}${privacyForward.path.replace(/\/$/, '')}`, {
      redirect: 'manual',
    });
    expect(forwarded.status).toBe(301);
    const notFound = await fetch(`${dev.url}/en/no-such-page/`);
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toContain('data-site-dev="en/404.html"');
    expect((await fetch(`${dev.url}/nginx.conf`)).status).toBe(404);
  }, 120_000);

  it('encodes a photo when a tab first asks for it, and serves each format with its Content-Type', async () => {
    const html = await (await fetch(`${dev.url}${englishAbout.path}`)).text();
    const picture = /<picture class="about-vision__image">.*?<\/picture>/s.exec(html)![0];
    const urls = [...picture.matchAll(/(\/assets\/images\/[^ "]+) \d+w/g)].map((match) => match[1]);
    const types = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as Record<string, string>;
    expect(new Set(urls.map((url) => url.split('.').at(-1)))).toEqual(new Set(Object.keys(types)));
    // Dev writes no encoding ahead: each is made on request (or taken from the image cache).
    for (const url of urls) {
      const response = await fetch(`${dev.url}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(types[url.split('.').at(-1)!]);
      expect((await response.arrayBuffer()).byteLength, url).toBeGreaterThan(500);
    }
    expect((await fetch(`${dev.url}/assets/images/vision-99.0000000000.avif`)).status).toBe(404);
  }, 120_000);

  it('serves an edited text and tells the tabs showing that page to reload', async () => {
    const from = channel.events.length;
    await edit('texts/en/about.yaml', (text) => text.replace(/^(\s+title: )(.+)$/m, '$1About our company'));
    const reload = await channel.next((event) => event.type === 'reload', from);
    expect(reload.data.files).toContain(englishAbout.file);
    // Only the pages that read the file changed: not the Italian or German ones.
    expect(reload.data.files).not.toContain(routeOf('about', 'it').file);
    expect(reload.data.files).not.toContain(routeOf('about', 'de').file);
    expect(await (await fetch(`${dev.url}${englishAbout.path}`)).text()).toContain('About our company');
  }, 300_000);

  it('warns, as site build does, about a number typed as 3 000 in a text, and gives French texts their narrow spaces', async () => {
    const from = channel.events.length;
    await edit('texts/fr/notFound.yaml', (text) =>
      text.replace(/^title: .*$/m, 'title: Plus de 3 000 pages ? Pas celle-ci'),
    );
    await channel.next((event) => event.type === 'reload', from);
    expect(dev.stderr()).toMatch(
      /Warning: \S*texts\/fr\/notFound\.yaml:\d+:\d+ {2}notFound\.title: "3 000" .*\[TEXT_NUMBER_FORMAT\]/,
    );
    const page = await (await fetch(`${dev.url}/fr/no-such-page/`)).text();
    expect(page).toContain('Plus de 3 000 pages\u202f? Pas celle-ci');
  }, 300_000);

  it('shows a broken file in the overlay with file, line, column and field, keeps serving the last good pages, and clears the overlay once fixed', async () => {
    const subscriptions = routeOf('subscriptions', 'en').path;
    const before = await (await fetch(`${dev.url}${subscriptions}`)).text();
    let from = channel.events.length;
    // The first roaming data allowance, whatever it is today, becomes a number (a text is required).
    let allowance = '';
    await edit('plans.yaml', (plans) => {
      const broken = withRoamingDataAsNumber(plans);
      allowance = broken.allowance;
      return broken.text;
    });
    const broken = await channel.next(
      (event) => event.type === 'problems' && (event.data.problems?.length ?? 0) > 0,
      from,
    );
    const [problem] = broken.data.problems!;
    // Relative to the project, as a page may show it; never this machine's absolute paths.
    expect(problem.file).toBe('content/plans.yaml');
    const status = await (await fetch(`${dev.url}/__site/status`)).text();
    expect(status).toContain('"file":"content/plans.yaml"');
    expect(status).not.toContain(dev.contentDir);
    expect(problem.field).toMatch(/^plans\[\d\]\.roaming\.europe\.data$/);
    expect(problem.message).toMatch(/^Expected a text, found the number 42/);
    const brokenLine =
      (await readFile(path.join(dev.contentDir, 'plans.yaml'), 'utf8'))
        .split('\n')
        .findIndex((line) => /^\s+data: 42$/.test(line)) + 1;
    expect(problem.line).toBe(brokenLine);
    expect(problem.column).toBeGreaterThan(1);
    // The lines around it, the broken one among them.
    expect(problem.frame?.find((line) => line.number === brokenLine)?.text).toMatch(/data: 42/);
    // The terminal says it as `site build` does; the server keeps running and serving the last good page.
    expect(dev.stderr()).toMatch(
      /plans\.yaml:\d+:\d+ {2}plans\[\d\]\.roaming\.europe\.data: .*\[CONTENT_SCHEMA\]/,
    );
    // With the same code frame under it, and a hint for an editor who saves rather than builds.
    expect(dev.stderr()).toContain(`> ${brokenLine} |`);
    expect(dev.stderr()).toMatch(new RegExp(`> ${brokenLine} \\|\\s+data: 42\\n\\s+\\|\\s+\\^`));
    expect(dev.stderr()).toMatch(/hint: .*save/);
    expect(dev.stderr()).not.toMatch(/build again/);
    const served = await fetch(`${dev.url}${subscriptions}`);
    expect(served.status).toBe(200);
    expect(withoutLiveScript(await served.text())).toBe(withoutLiveScript(before));
    // A page opened now gets the problems as soon as it connects.
    const late = await listen(dev.url);
    const first = await late.next(() => true, 0);
    late.close();
    expect(first.type).toBe('problems');
    expect(first.data.problems?.[0]?.line).toBe(brokenLine);

    from = channel.events.length;
    await edit('plans.yaml', (text) => text.replace(/^(\s+data: )42$/m, `$1${allowance}`));
    await channel.next((event) => event.type === 'problems' && event.data.problems?.length === 0, from);
    expect((await dev.settled()).problems).toEqual([]);
  }, 300_000);

  it('turns an editor’s save through a temporary file, and a file deleted and written again, into one rebuild each', async () => {
    const { rebuilds } = await dev.settled();
    const file = path.join(dev.contentDir, 'texts/de/about.yaml');
    const text = await readFile(file, 'utf8');
    const temporary = `${file}.tmp`;
    await writeFile(temporary, text.replace(/^(\s+title: )(.+)$/m, '$1Über unser Unternehmen'));
    await rename(temporary, file);
    const afterRename = await dev.settled(rebuilds + 1);
    expect(afterRename.rebuilds).toBe(rebuilds + 1);
    const germanAbout = routeOf('about', 'de').path;
    expect(await (await fetch(`${dev.url}${germanAbout}`)).text()).toContain('Über unser Unternehmen');

    const saved = await readFile(file, 'utf8');
    await rm(file);
    await writeFile(file, saved.replace('Über unser Unternehmen', 'Über uns und unser Unternehmen'));
    const afterRecreate = await dev.settled(afterRename.rebuilds + 1);
    expect(afterRecreate.problems).toEqual([]);
    expect(await (await fetch(`${dev.url}${germanAbout}`)).text()).toContain(
      'Über uns und unser Unternehmen',
    );
  }, 300_000);

  it('follows the content folder when it is moved away and back, or removed and copied again', async () => {
    const aside = `${dev.contentDir}-aside`;
    const gone = async (replace: () => Promise<void>) => {
      const from = channel.events.length;
      await replace();
      // Removed file by file, a rebuild may first find single files missing: any problem shows the folder is gone.
      await channel.next(
        (event) => event.type === 'problems' && (event.data.problems?.length ?? 0) > 0,
        from,
      );
    };
    const back = async (restore: () => Promise<void>) => {
      const from = channel.events.length;
      await restore();
      await channel.next((event) => event.type === 'problems' && event.data.problems?.length === 0, from);
    };
    const shown = async (title: string) => {
      const from = channel.events.length;
      await edit('texts/en/contact.yaml', (text) => text.replace(/^(\s+title: )(.+)$/m, `$1${title}`));
      await channel.next((event) => event.type === 'reload', from);
      expect(await (await fetch(`${dev.url}${routeOf('contact', 'en').path}`)).text()).toContain(title);
    };

    try {
      await gone(() => rename(dev.contentDir, aside));
      expect((await dev.settled()).problems).toMatchObject([{ message: 'Content folder not found' }]);
      await back(() => rename(aside, dev.contentDir));
      await shown('Write to us after the move');

      await cp(dev.contentDir, aside, { recursive: true });
      await gone(() => rm(dev.contentDir, { recursive: true }));
      await back(() => cp(aside, dev.contentDir, { recursive: true }));
      await shown('Write to us after the copy');
      expect((await dev.settled()).problems).toEqual([]);
    } finally {
      // The content back in place for the tests after this one, whatever failed.
      if (!(await stat(dev.contentDir).catch(() => undefined))) await rename(aside, dev.contentDir);
      await rm(aside, { recursive: true, force: true });
    }
  }, 300_000);

  it('serves, after a series of edits, the files a fresh build of the same content writes', async () => {
    await edit('texts/it/home.yaml', (text) => text.replace(/^(\s+title: )(.+)$/m, '$1Titolo provvisorio'));
    await edit('site.yaml', (text) => text.replace(/^(\s+primary: ).+$/m, '$1"#0b5fff"'));
    await edit('texts/fr/contact.yaml', (text) => text.replace(/^(\s+title: )(.+)$/m, '$1Écrivez-nous'));
    const settled = await dev.settled();
    expect(settled.problems).toEqual([]);

    const writer = createMemoryWriter();
    await build({ contentDir: dev.contentDir, writer });
    const hidden = new Set(hostConfigFiles.map((file) => file.toLowerCase()));
    let compared = 0;
    for (const [file, contents] of writer.files) {
      if (hidden.has(file.toLowerCase())) continue;
      const response = await fetch(`${dev.url}/${file.replace(/index\.html$/, '')}`, { redirect: 'manual' });
      // A forced rule answers this path with a redirect (/privacy/), on every host alike.
      if (response.status === 301) continue;
      const body = Buffer.from(await response.arrayBuffer());
      const expected = Buffer.from(contents);
      if (file.endsWith('.html'))
        expect(withoutLiveScript(body.toString('utf8')), file).toBe(expected.toString('utf8'));
      else expect(body.equals(expected), file).toBe(true);
      compared++;
    }
    // Every page of the route table at least (a forward is a redirect, not compared).
    expect(compared).toBeGreaterThanOrEqual(
      realRouteTable.routes.filter((route) => route.redirectTo === undefined).length,
    );
    // The host rules are the build's too: the same security headers on a page.
    const headers = (await fetch(`${dev.url}/`)).headers.get('content-security-policy');
    expect(String(writer.files.get('_headers'))).toContain(headers);
  }, 600_000);
});

/** A request with the given Host header and method (fetch cannot set Host): its status, headers and body. */
function requestAs(
  url: string,
  host: string,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: { Host: host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('who site dev answers', () => {
  it('answers 403 and nothing else to a Host it was not started for (DNS rebinding)', async () => {
    const port = new URL(dev.url).port;
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost:1`,
    ]) {
      for (const urlPath of ['/__site/status', englishAbout.path, '/__site/events']) {
        const answer = await requestAs(`${dev.url}${urlPath}`, host);
        expect([host, urlPath, answer.status, answer.body]).toEqual([host, urlPath, 403, '']);
        expect(answer.headers['content-type']).toBeUndefined();
      }
    }
  });

  it('answers the address it printed, localhost and [::1] with its port', async () => {
    const port = new URL(dev.url).port;
    for (const host of [new URL(dev.url).host, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`])
      expect([host, (await requestAs(`${dev.url}/__site/status`, host)).status]).toEqual([host, 200]);
  });

  it('takes only GET and HEAD under /__site/', async () => {
    const host = new URL(dev.url).host;
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS']) {
      const answer = await requestAs(`${dev.url}/__site/status`, host, method);
      expect([method, answer.status, answer.headers.allow, answer.body]).toEqual([
        method,
        405,
        'GET, HEAD',
        '',
      ]);
    }
    expect((await requestAs(`${dev.url}/__site/status`, host, 'HEAD')).status).toBe(200);
  });
});

describe('site dev on a port in use', () => {
  let blocker: Server;
  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('is a clear error with a hint, before any build', async () => {
    const port = (blocker.address() as { port: number }).port;
    const result = await runSite(['dev', '--port', String(port)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`127.0.0.1:${port}`);
    expect(result.stderr).toMatch(/already in use/);
    expect(result.stderr).toMatch(/--port/);
    expect(result.stderr).not.toMatch(/Internal error|\n\s+at /);
  }, 300_000);
});

describe('the live script tag', () => {
  it('goes at the end of the head and names the served file', () => {
    expect(
      withLiveScript(
        '<!doctype html><html><head><title>x</title></head><body></body></html>',
        'en/a-page/index.html',
      ),
    ).toBe(
      '<!doctype html><html><head><title>x</title><script type="module" src="/__site/live.js" data-site-dev="en/a-page/index.html"></script></head><body></body></html>',
    );
  });
});
