/**
 * The editor's endpoints on a running `site dev` over a private copy of the
 * project: a save changes exactly the value in the YAML, is validated as a build
 * would before anything is written, notices a file changed on disk meanwhile,
 * keeps list items in step in every language, and every request that is not
 * from a page this server served is refused without writing anything.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../../../../generator/dev/editor/endpoints.ts';
import { maxTextLength } from '../../../../generator/model/constants.ts';
import { startDevInProject, type DevInProject } from '../../../helpers/dev.ts';
import { realRouteTable } from '../../../helpers/routeTable.ts';
import { cutFaqToOneEntry } from '../../../helpers/editedContent.ts';

let dev: DevInProject;
const languages = realRouteTable.languages.codes;
let token: string;
let origin: string;

beforeAll(async () => {
  dev = await startDevInProject();
  origin = dev.url;
  const page = await (await fetch(`${dev.url}${realRouteTable.pathOf('contact', 'en')}`)).text();
  token = /data-site-token="([^"]+)"/.exec(page)![1];
}, 600_000);

afterAll(async () => dev?.stop());

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A raw HTTP request, so that any Host, Origin and body can be sent. */
function send(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Promise<Answer> {
  const url = new URL(dev.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            body: text.startsWith('{') ? JSON.parse(text) : { text },
          });
        });
      },
    );
    // The server may answer and close before the whole body is sent (413).
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    req.end(options.body);
  });
}

const own = () => ({ Host: new URL(dev.url).host, Origin: origin, 'X-Site-Token': token });

const post = (endpoint: string, body: unknown, headers: Record<string, string> = own()) =>
  send({
    method: 'POST',
    path: `/__site/editor/${endpoint}`,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function readText(key: string) {
  const answer = await send({ path: `/__site/editor/text?key=${encodeURIComponent(key)}`, headers: own() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    texts: {
      language: string;
      value?: string;
      version: string;
      file: string;
      line?: number;
      status: string;
    }[];
    list?: { key: string; index: number; length: number };
  };
}
const versionsOf = (view: Awaited<ReturnType<typeof readText>>) =>
  Object.fromEntries(view.texts.map((text) => [text.language, text.version]));

/** Every content file's hash: to show that a refused request wrote nothing. */
async function contentHashes(): Promise<Record<string, string>> {
  const files = await fg('**/*', { cwd: dev.contentDir, dot: true });
  const hashes: Record<string, string> = {};
  for (const file of files.sort())
    hashes[file] = createHash('sha256')
      .update(await readFile(path.join(dev.contentDir, file)))
      .digest('hex');
  return hashes;
}

const file = (relative: string) => readFile(path.join(dev.contentDir, relative), 'utf8');

describe('the editor endpoints', () => {
  it('reads a text in every language with its file, line, version and status', async () => {
    const view = await readText('contact.hero.title');
    expect(view.texts.map((text) => text.language)).toEqual(languages);
    const english = view.texts.find((text) => text.language === 'en')!;
    expect(english.file).toBe(path.join('texts', 'en', 'contact.yaml'));
    const lines = (await file('texts/en/contact.yaml')).split('\n');
    expect(lines[english.line! - 1]).toContain(english.value);
    expect(view.texts[0].status).toBe('reference');
  });

  it('saves an English text: exactly that value changes, every other byte stays', async () => {
    const rebuildsBefore = (await dev.settled()).rebuilds;
    const before = await file('texts/en/contact.yaml');
    const view = await readText('contact.hero.title');
    const answer = await post('save', {
      key: 'contact.hero.title',
      values: { en: 'Talk to us: we answer' },
      versions: versionsOf(view),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await file('texts/en/contact.yaml');
    const a = before.split('\n');
    const b = after.split('\n');
    expect(b.length).toBe(a.length);
    const changed = b.map((line, index) => [a[index], line]).filter(([old, line]) => old !== line);
    // A value with ": " gets quotes, so that it reads back as the same text.
    expect(changed).toEqual([[a[view.texts[1].line! - 1], '  title: "Talk to us: we answer"']]);
    // One rebuild, from the save itself: the watcher's event for the same write is dropped.
    expect((await dev.settled()).rebuilds).toBe(rebuildsBefore + 1);
  });

  it('saves all four languages of a text at once', async () => {
    const view = await readText('contact.faq.title');
    const values = Object.fromEntries(languages.map((language) => [language, `Questions (${language})`]));
    const answer = await post('save', { key: 'contact.faq.title', values, versions: versionsOf(view) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.files as string[]).length).toBe(languages.length);
    const now = await readText('contact.faq.title');
    expect(Object.fromEntries(now.texts.map((text) => [text.language, text.value]))).toEqual(values);
    await dev.settled();
  });

  it('edits a paragraph of a legal document, found on the served legal page by its key', async () => {
    const legalPath = realRouteTable.pathOf('legal', 'en');
    const page = await (await fetch(`${dev.url}${legalPath}`)).text();
    const key = /<p data-site-key="(@legal\.[\w.]+\.paragraphs\.\d+)"/.exec(page)?.[1];
    expect(key).toBeDefined();
    const view = await readText(key!);
    const english = view.texts.find((text) => text.language === 'en')!;
    expect(english.file).toBe(path.join('legal', 'en.yaml'));
    const before = await file('legal/en.yaml');
    const answer = await post('save', {
      key,
      values: { en: `${english.value} Edited in the panel.` },
      versions: versionsOf(view),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await file('legal/en.yaml');
    const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('Edited in the panel.');
    await dev.settled();
  });

  it('edits the cookie policy, which is written in the default language only', async () => {
    const page = await (await fetch(`${dev.url}${realRouteTable.pathOf('cookiePolicy', 'it')}`)).text();
    const key = /data-site-key="(@cookie-policy\.[\w.]+\.heading)"/.exec(page)?.[1];
    expect(key).toBeDefined();
    const view = await readText(key!);
    expect(view.texts.map((text) => [text.language, text.file])).toEqual([['it', 'cookie-policy.yaml']]);
    const answer = await post('save', {
      key,
      values: { it: `${view.texts[0].value} (rivisto)` },
      versions: versionsOf(view),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await readText(key!)).texts[0].value).toBe(`${view.texts[0].value} (rivisto)`);
    await dev.settled();
  });

  it('edits a plan’s name, found on the served subscriptions page by its key, in plans.yaml', async () => {
    const page = await (await fetch(`${dev.url}${realRouteTable.pathOf('subscriptions', 'en')}`)).text();
    const key = /data-site-key="(@plans\.plans\.\d+\.name)"/.exec(page)?.[1];
    expect(key).toBeDefined();
    const view = await readText(key!);
    expect(view.texts.map((text) => text.file)).toEqual(['plans.yaml']);
    const [reference] = view.texts;
    const answer = await post('save', {
      key,
      values: { [reference.language]: `${reference.value} Pro` },
      versions: versionsOf(view),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await dev.settled();
    const after = await (await fetch(`${dev.url}${realRouteTable.pathOf('subscriptions', 'en')}`)).text();
    expect(after).toContain(`${reference.value} Pro`);
  });

  it('refuses a text that is too long or has a broken placeholder, and writes nothing', async () => {
    const before = await contentHashes();
    const view = await readText('contact.hero.subtitle');
    for (const value of [
      'x'.repeat(maxTextLength + 1),
      'A team in {{city}, near you',
      'A team in {{town}}',
    ]) {
      const answer = await post('save', {
        key: 'contact.hero.subtitle',
        values: { en: value },
        versions: versionsOf(view),
      });
      expect(answer.status, value.slice(0, 40)).toBe(422);
      const problems = answer.body.problems as { message: string; file: string }[];
      expect(problems[0].message.length).toBeGreaterThan(10);
      expect(problems[0].file).toBe(path.join('texts', 'en', 'contact.yaml'));
    }
    expect(await contentHashes()).toEqual(before);
  });

  it('reports a file changed on disk since the panel read it, with the new version, and does not overwrite it', async () => {
    const view = await readText('contact.hero.formLink');
    const target = path.join(dev.contentDir, 'texts/en/contact.yaml');
    const changedOnDisk = (await readFile(target, 'utf8')).replace(/^(\s+formLink: ).+$/m, '$1Use the form');
    await writeFile(target, changedOnDisk);
    const answer = await post('save', {
      key: 'contact.hero.formLink',
      values: { en: 'Write now' },
      versions: versionsOf(view),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.languages).toEqual(['en']);
    const current = answer.body.current as { texts: { language: string; value: string }[] };
    expect(current.texts.find((text) => text.language === 'en')!.value).toBe('Use the form');
    expect(await readFile(target, 'utf8')).toBe(changedOnDisk);
    await dev.settled();
  });

  it('adds an FAQ entry in every language and removes it again, leaving the files as they were', async () => {
    const before = Object.fromEntries(
      await Promise.all(languages.map(async (l) => [l, await file(`texts/${l}/contact.yaml`)])),
    );
    const view = await readText('contact.faq.items.0.question');
    expect(view.list).toMatchObject({ key: 'contact.faq.items', index: 0 });
    const length = view.list!.length;
    const added = await post('list', {
      key: 'contact.faq.items.0.question',
      action: 'add',
      versions: versionsOf(view),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const copy = await readText('contact.faq.items.1.question');
    expect(copy.list!.length).toBe(length + 1);
    // The new item is a copy of the first, in each language.
    expect(copy.texts.map((text) => text.value)).toEqual(view.texts.map((text) => text.value));
    const removed = await post('list', {
      key: 'contact.faq.items.1.question',
      action: 'remove',
      versions: versionsOf(copy),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    for (const language of languages)
      expect(await file(`texts/${language}/contact.yaml`)).toBe(before[language]);
    await dev.settled();
  });

  it('refuses to remove the last item of a list with a clear message', async () => {
    // A list of one: the FAQ cut down to its first entry in every language, as an editor might.
    await cutFaqToOneEntry(dev.contentDir, languages);
    const view = await readText('contact.faq.items.0.question');
    expect(view.list!.length).toBe(1);
    const before = await contentHashes();
    const answer = await post('list', {
      key: 'contact.faq.items.0.question',
      action: 'remove',
      versions: versionsOf(view),
    });
    expect(answer.status).toBe(422);
    expect((answer.body.problems as { message: string }[])[0].message).toMatch(/at least 1 item/);
    expect(await contentHashes()).toEqual(before);
  });
});

describe('requests the editor refuses, writing nothing', () => {
  const refusals: [string, () => Promise<Answer>, number][] = [];
  const save = async () => ({
    key: 'contact.hero.title',
    values: { en: 'Hijacked' },
    versions: versionsOf(await readText('contact.hero.title')),
  });
  const confirm = async () => ({
    key: 'contact.hero.title',
    language: realRouteTable.languages.codes.find((code) => code !== realRouteTable.languages.default),
    versions: versionsOf(await readText('contact.hero.title')),
  });
  refusals.push(
    ['without the token', async () => post('save', await save(), { ...own(), 'X-Site-Token': '' }), 403],
    [
      'with a wrong token',
      async () => post('save', await save(), { ...own(), 'X-Site-Token': `${token}x` }),
      403,
    ],
    [
      'from a foreign Origin',
      async () => post('save', await save(), { ...own(), Origin: 'https://evil.example' }),
      403,
    ],
    [
      'without an Origin',
      async () => {
        const { Origin: _origin, ...headers } = own();
        return post('save', await save(), headers);
      },
      403,
    ],
    [
      'for a foreign Host (DNS rebinding)',
      async () =>
        post('save', await save(), {
          ...own(),
          Host: `evil.example:${new URL(dev.url).port}`,
          Origin: `http://evil.example:${new URL(dev.url).port}`,
        }),
      403,
    ],
    [
      'a read for a foreign Host',
      async () =>
        send({
          path: '/__site/editor/text?key=contact.hero.title',
          headers: { ...own(), Host: `rebind.example:${new URL(dev.url).port}` },
        }),
      403,
    ],
    [
      'naming a path instead of a key',
      async () => post('save', { ...(await save()), key: '../../etc/passwd' }),
      400,
    ],
    [
      'naming a content file',
      async () => post('save', { ...(await save()), key: 'texts/en/contact.yaml' }),
      400,
    ],
    [
      'over the size limit',
      async () => post('save', { ...(await save()), values: { en: 'x'.repeat(maxBodyBytes) } }),
      413,
    ],
    [
      'with another method',
      async () => send({ method: 'PUT', path: '/__site/editor/save', headers: own() }),
      405,
    ],
    [
      'to confirm a translation without the token',
      async () => post('confirm', await confirm(), { ...own(), 'X-Site-Token': '' }),
      403,
    ],
    [
      'to confirm a translation from a foreign Origin',
      async () => post('confirm', await confirm(), { ...own(), Origin: 'https://evil.example' }),
      403,
    ],
    [
      'to confirm the reference language',
      async () => post('confirm', { ...(await confirm()), language: realRouteTable.languages.default }),
      400,
    ],
    [
      'to confirm a path instead of a key',
      async () => post('confirm', { ...(await confirm()), key: '../translations/en.yaml' }),
      400,
    ],
    [
      'that is not JSON',
      async () =>
        send({
          method: 'POST',
          path: '/__site/editor/save',
          headers: { ...own(), 'Content-Type': 'text/plain' },
          body: 'key=contact.hero.title',
        }),
      415,
    ],
  );

  for (const [what, request, status] of refusals)
    it(`answers a request ${what} with ${status}`, async () => {
      const before = await contentHashes();
      const answer = await request();
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(await contentHashes()).toEqual(before);
    });

  it('serves the token only in the pages, not in the editor’s script', async () => {
    const script = await (await fetch(`${dev.url}/__site/editor.js`)).text();
    expect(script).not.toContain(token);
  });
});
