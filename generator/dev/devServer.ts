/**
 * `site dev`: builds the site into a private folder, serves it with the preview's
 * host rules, watches the content, templates and client files, rebuilds only what
 * a save needs and tells every open tab through the reload channel. `dist/` is
 * never touched. The pages get one addition, a same-origin script tag that only
 * dev writes; a failed rebuild keeps the last good pages and shows its problems
 * in the terminal and, through that script, over every open tab.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeSchemaFiles } from '../content/editorSchemas.ts';
import * as esbuild from 'esbuild';
import { formatSiteError, isSiteError, readProblemSource } from '../errors/siteError.ts';
import { contentTypeOf, type PreviewHandler } from '../preview/handlers.ts';
import { startPreviewServer } from '../preview/previewServer.ts';
import { createReloadChannel } from './channel.ts';
import { createTextEditor } from './editor/editor.ts';
import { createSessionToken, editorEndpoints, withEditorScript } from './editor/endpoints.ts';
import { overlayProblems, type OverlayProblem } from './overlay.ts';
import { emptyPlan, fullPlan, isEmptyPlan, mergePlans, planRebuild, type RebuildPlan } from './planner.ts';
import { createRebuildQueue } from './queue.ts';
import { allowedHosts, projectRelativeProblems, requestGuard } from './requestGuard.ts';
import { createDevSession } from './session.ts';
import { createTemplateCode } from './templateCode.ts';
import { watchFolders } from './watcher.ts';

export interface DevOptions {
  projectRoot: string;
  contentDir: string;
  host?: string;
  port?: number;
  /** Client scripts and styles; `client/` of the project by default. */
  clientDir?: string;
  /** The folder `site build` fills (dist/): every address its last build published must keep answering. None: nothing to compare. */
  publishedDir?: string;
  /** Where progress and errors are written; the console by default. */
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

export interface DevServer {
  url: string;
  /** How long the first build took; undefined when it failed (the problems are shown, the server waits for a fix). */
  firstBuildMilliseconds?: number;
  /** The private folder served, which dev fills. */
  servedDir: string;
  close(): Promise<void>;
}

export const liveScriptPath = '/__site/live.js';
const overlayStylesPath = '/__site/overlay.css';
const statusPath = '/__site/status';

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The page as dev serves it: the build's page plus the live-reload script, which knows the file it came from. */
export function withLiveScript(html: string, file: string): string {
  const tag = `<script type="module" src="${liveScriptPath}" data-site-dev="${escapeAttribute(file)}"></script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${html}${tag}`;
}

/** Served until the first build succeeds, so a tab shows the overlay and reloads once the content is fixed. */
const waitingPage = withLiveScript(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>site dev</title></head><body><main><h1>site dev</h1><p>The site has not built yet; the problems are shown over this page and in the terminal.</p></main></body></html>',
  '',
);

async function bundleLiveScript(projectRoot: string, entry = 'client/dev/live.ts'): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(projectRoot, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

export async function startDevServer(options: DevOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((line: string) => console.error(line));
  const { projectRoot, contentDir } = options;
  const clientDir = options.clientDir ?? path.join(projectRoot, 'client');
  const templatesDir = path.join(projectRoot, 'templates');
  const servedDir = await mkdtemp(path.join(os.tmpdir(), 'site-dev-'));
  let closed = false;
  // The served folder goes last, retried: a rebuild may still be writing into it.
  const cleanups: (() => Promise<unknown> | unknown)[] = [
    () => rm(servedDir, { recursive: true, force: true, maxRetries: 5 }).catch(() => {}),
  ];
  const closeAll = async () => {
    closed = true;
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    const [liveScript, overlayStyles, editorScript, editorStyles] = await Promise.all([
      bundleLiveScript(projectRoot),
      readFile(path.join(projectRoot, 'client/dev/overlay.css'), 'utf8'),
      bundleLiveScript(projectRoot, 'client/dev/editor.ts'),
      readFile(path.join(projectRoot, 'client/dev/editor.css'), 'utf8'),
    ]);
    // Click to edit: only pages this server serves carry the token its editing endpoints require.
    const token = createSessionToken();
    // Its saves reach the rebuild through the watcher, as any editor's do.
    const editor = createTextEditor({ contentDir });
    cleanups.push(() => editor.close());
    let port = 0;
    const editorHandler = editorEndpoints({
      editor,
      token,
      port: () => port,
      script: () => editorScript,
      styles: () => editorStyles,
    });
    let problems: OverlayProblem[] = [];
    let built = false;
    let busy = false;
    let queued = () => false;
    let rebuilds = 0;
    const channel = createReloadChannel(() => problems);
    cleanups.push(() => channel.close());

    const devFiles: PreviewHandler = ({ urlPath, response }) => {
      const answer = (type: string, body: string, status = 200) => {
        response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
        return true;
      };
      if (urlPath === liveScriptPath) return answer('text/javascript; charset=utf-8', liveScript);
      if (urlPath === overlayStylesPath) return answer('text/css; charset=utf-8', overlayStyles);
      if (urlPath === statusPath)
        return answer(
          'application/json; charset=utf-8',
          JSON.stringify({
            built,
            busy: busy || queued() || finishing !== undefined || !isEmptyPlan(finishPlan),
            rebuilds,
            problems,
          }),
        );
      return false;
    };
    // Until the first good build there is no site to serve: every page is the waiting page.
    const beforeFirstBuild: PreviewHandler = ({ response, headers }) => {
      if (built) return false;
      response.writeHead(503, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(waitingPage);
      return true;
    };
    // A photo's encodings are made when a tab first asks for one (see DevSession.photo).
    const photos: PreviewHandler = async ({ urlPath, response, headers }) => {
      const encoding = session.photo(urlPath.slice(1));
      if (!encoding) return false;
      const bytes = await encoding;
      response.writeHead(200, { ...headers, 'Content-Type': contentTypeOf(urlPath) }).end(bytes);
      return true;
    };
    let hosts: ReadonlySet<string> = new Set();
    const server = await startPreviewServer({
      dir: servedDir,
      host: options.host,
      port: options.port,
      handlers: [
        requestGuard(() => hosts),
        channel.handler,
        editorHandler,
        devFiles,
        beforeFirstBuild,
        photos,
      ],
    });
    hosts = allowedHosts(server.url, options.host);
    cleanups.push(() => server.close());
    port = Number(new URL(server.url).port);
    if (!['127.0.0.1', 'localhost', '::1', undefined].includes(options.host))
      logError(
        `Warning: listening on ${options.host}: anyone who can reach this address on your network can open the pages and edit the content (the session token still applies).`,
      );

    const templateCode = await createTemplateCode(projectRoot);
    cleanups.push(() => templateCode.close());
    const session = createDevSession({
      contentDir,
      clientDir,
      templateCode,
      markTexts: true,
      publishedDir: options.publishedDir,
    });

    /** Writes the changed output into the served folder; pages get the live script. */
    const writeServed = async (files: string[]) => {
      for (const file of files) {
        if (closed) return;
        const target = path.join(servedDir, file);
        const contents = session.output.get(file);
        if (contents === undefined) {
          await rm(target, { force: true });
          continue;
        }
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(
          target,
          file.endsWith('.html') && typeof contents === 'string'
            ? withEditorScript(withLiveScript(contents, file), token)
            : contents,
        );
      }
      if (files.some((file) => file === '_redirects' || file === '_headers')) await server.reloadRules();
    };

    // Changes of a rebuild that failed are redone by the next one, whatever it was for.
    let leftover: RebuildPlan = emptyPlan();
    // What the preview images and the sitemap still have to catch up with.
    let finishPlan: RebuildPlan = emptyPlan();
    let finishing: Promise<void> | undefined;
    /**
     * The preview images and the sitemap follow the reload, between rebuilds: a save
     * that arrives meanwhile is rebuilt at once, and this work, now stale, is redone after it.
     */
    const scheduleFinish = () => {
      if (finishing || queued()) return;
      finishing = (async () => {
        while (!isEmptyPlan(finishPlan) && !queued()) {
          const plan = finishPlan;
          finishPlan = emptyPlan();
          try {
            const changed = await session.finish(plan);
            if (changed === undefined) finishPlan = mergePlans(plan, finishPlan);
            else await writeServed(changed);
          } catch (error) {
            // Stopping removes what this was reading: not a failure worth a line.
            if (!closed)
              logError(
                `Drawing the preview images or writing the sitemap failed: ${(error as Error).message}`,
              );
            return;
          }
        }
      })().finally(() => {
        finishing = undefined;
      });
    };
    const run = async (plan: RebuildPlan, changed: string[]) => {
      const started = performance.now();
      const planned = mergePlans(leftover, plan);
      busy = true;
      try {
        const result = await session.rebuild(planned);
        await writeServed(result.changedFiles);
        built = true;
        leftover = emptyPlan();
        if (problems.length > 0) {
          problems = [];
          channel.send({ type: 'problems', problems });
        }
        if (result.stylesheet) channel.send({ type: 'styles', href: result.stylesheet });
        else if (result.changedPages.length > 0) channel.send({ type: 'reload', files: result.changedPages });
        const milliseconds = performance.now() - started;
        if (changed.length > 0) {
          const what = changed.map((file) => path.relative(process.cwd(), file) || file).join(', ');
          log(
            `${new Date().toLocaleTimeString('en-GB')} ${what}: ${result.renderedPages} page${result.renderedPages === 1 ? '' : 's'} rendered, ${result.changedPages.length} changed, in ${milliseconds.toFixed(0)} ms`,
          );
        }
        // The warnings `site build` prints, each as it prints them.
        for (const notice of result.notices)
          logError(`Warning: ${formatSiteError(notice, { command: 'dev' }).trimStart()}`);
        finishPlan = mergePlans(finishPlan, planned);
        return milliseconds;
      } catch (error) {
        // Stopping removes what a running rebuild reads (the template code, the served folder): not a failure to show.
        if (closed) return undefined;
        leftover = planned;
        problems = projectRelativeProblems(await overlayProblems(error), [
          path.dirname(contentDir),
          projectRoot,
        ]);
        channel.send({ type: 'problems', problems });
        if (isSiteError(error))
          // The same lines, code frame and all, as `site build` prints; the hints as `site dev` says them.
          logError(
            `Build failed; the last good pages are still served.\n${formatSiteError(error, { readSource: readProblemSource, command: 'dev' })}`,
          );
        else
          logError(
            `Build failed: a template or the generator threw; the last good pages are still served.\n${problems.map((problem) => problem.stack ?? problem.message).join('\n')}`,
          );
        return undefined;
      } finally {
        busy = false;
        rebuilds++;
      }
    };

    // The editors' schemas follow every save (they are not committed); content that does not load keeps the last ones.
    const refreshSchemas = () =>
      writeSchemaFiles(contentDir).then(
        () => undefined,
        () => undefined,
      );
    const folders = { contentDir, clientDir, templatesDir };
    const queue = createRebuildQueue(async (files) => {
      const plan = planRebuild(files, folders);
      // Files the site does not read (a README beside the templates) change nothing.
      if (isEmptyPlan(plan) && isEmptyPlan(leftover)) return;
      await run(plan, files);
      if (files.some((file) => path.resolve(file).startsWith(path.resolve(contentDir) + path.sep)))
        await refreshSchemas();
      // Once the queue has settled on whether another rebuild follows.
      setImmediate(scheduleFinish);
    });
    queued = () => queue.busy;
    const watcher = await watchFolders(
      [contentDir, clientDir, templatesDir],
      (file) => queue.add(file),
      (error) => logError(`Watching failed for a moment: ${(error as Error).message}`),
    );
    cleanups.push(
      () => watcher.close(),
      () => queue.close(),
    );

    const firstBuildMilliseconds = await run(fullPlan(), []);
    await refreshSchemas();
    scheduleFinish();
    return {
      url: server.url,
      firstBuildMilliseconds,
      servedDir,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
