/**
 * The dev session's rebuilds, in process over private copies of the content and
 * the client folder: what each kind of edit rebuilds, and that a failed rebuild
 * keeps the last good output.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { publishedPathsRecord } from '../../../generator/build/publishedPaths.ts';
import { overlayProblems } from '../../../generator/dev/overlay.ts';
import { emptyPlan, fullPlan } from '../../../generator/dev/planner.ts';
import { changedBetween, createDevSession, type DevSession } from '../../../generator/dev/session.ts';
import { createTemplateCode, type TemplateCode } from '../../../generator/dev/templateCode.ts';
import { isSiteError } from '../../../generator/errors/siteError.ts';
import { realRouteTable } from '../../helpers/routeTable.ts';
import { copyProject } from '../../helpers/dev.ts';
import { makeTempDir } from '../../helpers/site.ts';

let session: DevSession;
let templateCode: TemplateCode;
let contentDir: string;
let clientDir: string;
let templatesDir: string;
let publishedDir: string;
const pageFiles = realRouteTable.routes.map((route) => route.file);
const text = (contents: string | Uint8Array | undefined) =>
  typeof contents === 'string' ? contents : Buffer.from(contents ?? '').toString('utf8');

beforeAll(async () => {
  const workDir = await makeTempDir('dev-session');
  // A private copy of the project: the edits to the content, the client and the templates are its own.
  const copyRoot = await copyProject(workDir);
  contentDir = path.join(copyRoot, 'content');
  clientDir = path.join(copyRoot, 'client');
  templatesDir = path.join(copyRoot, 'templates');
  templateCode = await createTemplateCode(copyRoot);
  // The folder `site build` would fill: empty until a test puts a build's record of published paths there.
  publishedDir = path.join(workDir, 'dist');
  session = createDevSession({ contentDir, clientDir, templateCode, publishedDir });
  const first = await session.rebuild(fullPlan());
  expect(first.renderedPages).toBe(pageFiles.length);
}, 600_000);

afterAll(async () => templateCode?.close());

describe('the dev session', () => {
  it('rebuilds only the stylesheet for a stylesheet edit and puts its new path into every page without rendering one', async () => {
    const before = new Map(session.output);
    const stylesheet = path.join(clientDir, 'styles.css');
    await writeFile(
      stylesheet,
      `${await readFile(stylesheet, 'utf8')}\n:root { --dev-session-test: 3px; }\n`,
    );
    const result = await session.rebuild({ ...emptyPlan(), styles: true });
    expect(result.renderedPages).toBe(0);
    expect(result.stylesheet).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.css$/);
    expect(text(session.output.get(result.stylesheet!.slice(1)))).toContain('--dev-session-test:3px');
    const oldStylesheet = [...before.keys()].find((file) => /^assets\/site\..+\.css$/.test(file))!;
    expect(session.output.has(oldStylesheet)).toBe(false);
    for (const file of pageFiles) {
      expect(text(session.output.get(file)), file).toBe(
        text(before.get(file)).replaceAll(`/${oldStylesheet}`, result.stylesheet!),
      );
    }
    // No script, image or preview image was rebuilt.
    expect(
      result.changedFiles.filter(
        (file) =>
          !file.endsWith('.html') &&
          !file.endsWith('.css') &&
          !file.startsWith('_') &&
          file !== 'nginx.conf' &&
          file !== 'vercel.json' &&
          file !== '.htaccess',
      ),
    ).toEqual([]);
  }, 300_000);

  it('rebundles only the scripts for a client script edit and puts the new path into the pages that load it, rendering none', async () => {
    const before = new Map(session.output);
    const script = path.join(clientDir, 'forms.ts');
    await writeFile(
      script,
      `${await readFile(script, 'utf8')}\ndocument.documentElement.dataset.devSessionTest = 'yes';\n`,
    );
    const result = await session.rebuild({ ...emptyPlan(), scripts: true });
    expect(result.renderedPages).toBe(0);
    expect(result.stylesheet).toBeUndefined();
    const oldScript = [...before.keys()].find((file) => /^assets\/forms\..+\.js$/.test(file))!;
    const newScript = [...session.output.keys()].find((file) => /^assets\/forms\..+\.js$/.test(file))!;
    expect(newScript).not.toBe(oldScript);
    expect(text(session.output.get(newScript))).toContain('devSessionTest');
    // Only the pages that load the forms script changed, each by the script's path alone.
    const readers = pageFiles.filter((file) => text(before.get(file)).includes(`/${oldScript}`));
    expect(readers.length).toBeGreaterThan(0);
    expect([...result.changedPages].sort()).toEqual([...readers].sort());
    for (const file of readers)
      expect(text(session.output.get(file))).toBe(
        text(before.get(file)).replaceAll(`/${oldScript}`, `/${newScript}`),
      );
  }, 300_000);

  it('re-renders only the pages that read an edited text', async () => {
    const file = path.join(contentDir, 'texts/fr/esim.yaml');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(/^(\s+title: )(.+)$/m, '$1eSIM pour les entreprises'),
    );
    const result = await session.rebuild({ ...emptyPlan(), contentFiles: ['texts/fr/esim.yaml'] });
    expect(result.renderedPages).toBe(1);
    expect(result.changedPages).toEqual(['fr/esim/index.html']);
    expect(text(session.output.get('fr/esim/index.html'))).toContain('eSIM pour les entreprises');
  }, 300_000);

  it('keeps the last good output when a rebuild fails, and redoes the failed changes with the next one', async () => {
    const before = new Map(session.output);
    const file = path.join(contentDir, 'zones.yaml');
    const good = await readFile(file, 'utf8');
    await writeFile(file, `${good}\n  - broken: [\n`);
    const failure = await session
      .rebuild({ ...emptyPlan(), contentFiles: ['zones.yaml'] })
      .catch((error: unknown) => error);
    expect(isSiteError(failure)).toBe(true);
    expect(changedBetween(before, session.output)).toEqual([]);
    await writeFile(file, good);
    const result = await session.rebuild({ ...emptyPlan(), contentFiles: ['zones.yaml'] });
    expect(result.changedFiles).toEqual([]);
  }, 300_000);

  it('refuses a renamed slug that the last build published without its former slug, as the build does, in the overlay too', async () => {
    const before = new Map(session.output);
    await mkdir(publishedDir, { recursive: true });
    const record = publishedPathsRecord(realRouteTable);
    await writeFile(path.join(publishedDir, record.path), record.contents);
    const file = path.join(contentDir, 'slugs.yaml');
    const good = await readFile(file, 'utf8');
    const doc = parseDocument(good);
    const language = realRouteTable.languages.codes[1];
    const oldSlug = String(doc.getIn(['about', language]));
    doc.setIn(['about', language], `${oldSlug}-renamed`);
    await writeFile(file, doc.toString());
    try {
      const failure = await session
        .rebuild({ ...emptyPlan(), contentFiles: ['slugs.yaml'] })
        .catch((error: unknown) => error);
      expect(isSiteError(failure) && failure.code).toBe('SLUG_FORWARD_MISSING');
      expect(changedBetween(before, session.output)).toEqual([]);
      const [shown] = await overlayProblems(failure);
      expect(shown.file).toMatch(/slugs\.yaml$/);
      expect(shown.line).toBeGreaterThan(0);
      expect(shown.hint).toContain(`about: { ${language}: [${oldSlug}] }`);
    } finally {
      await writeFile(file, good);
      await rm(path.join(publishedDir, record.path));
    }
    const result = await session.rebuild({ ...emptyPlan(), contentFiles: ['slugs.yaml'] });
    expect(result.changedFiles).toEqual([]);
  }, 300_000);

  it('renders every page again for a template edit, with the new template code', async () => {
    const unchanged = await session.rebuild({ ...emptyPlan(), templates: true });
    expect(unchanged.renderedPages).toBe(pageFiles.length);
    // Unchanged template code renders the same pages.
    expect(unchanged.changedPages).toEqual([]);

    const footer = path.join(templatesDir, 'Footer.tsx');
    await writeFile(
      footer,
      (await readFile(footer, 'utf8')).replace(
        '<footer className="site-footer"',
        '<footer className="site-footer site-footer--edited"',
      ),
    );
    const edited = await session.rebuild({ ...emptyPlan(), templates: true });
    expect(edited.renderedPages).toBe(pageFiles.length);
    expect([...edited.changedPages].sort()).toEqual([...pageFiles].sort());
    for (const file of pageFiles)
      expect(text(session.output.get(file)), file).toContain(
        '<footer class="site-footer site-footer--edited"',
      );
  }, 300_000);

  it('keeps the last good pages when a template throws, shows its stack, and renders again once it is fixed', async () => {
    const before = new Map(session.output);
    const footer = path.join(templatesDir, 'Footer.tsx');
    const good = await readFile(footer, 'utf8');
    await writeFile(
      footer,
      good.replace(
        'export function Footer({ ctx }: { ctx: PageContext }) {',
        "export function Footer({ ctx }: { ctx: PageContext }) {\n  if (ctx.route) throw new Error('the footer broke on purpose');",
      ),
    );
    const failure = await session
      .rebuild({ ...emptyPlan(), templates: true })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isSiteError(failure)).toBe(false);
    expect(changedBetween(before, session.output)).toEqual([]);
    const [problem] = await overlayProblems(failure);
    expect(problem.message).toMatch(/^Rendering \/\S* \(\w+, \w+\) failed$/);
    expect(problem.stack).toContain('Caused by: Error: the footer broke on purpose');

    await writeFile(footer, good.replace('site-footer--edited', 'site-footer--fixed'));
    const fixed = await session.rebuild({ ...emptyPlan(), templates: true });
    expect(fixed.renderedPages).toBe(pageFiles.length);
    for (const file of pageFiles)
      expect(text(session.output.get(file)), file).toContain(
        '<footer class="site-footer site-footer--fixed"',
      );
  }, 300_000);
});
