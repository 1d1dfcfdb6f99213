/** Runs the real `site dev` on a free port over a private copy of the content, and listens to its events. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { copyRealContent, makeTempDir, projectRoot } from './site.ts';

/**
 * A private copy of the project's sources (content, client, templates, generator),
 * its packages linked: templates and styles that a test or the bench edits are
 * never the working tree's. Returns the copy's root.
 */
export async function copyProject(into: string): Promise<string> {
  const copyRoot = path.join(into, 'project');
  for (const part of ['content', 'client', 'templates', 'generator', 'tsconfig.json', 'package.json'])
    await cp(path.join(projectRoot, part), path.join(copyRoot, part), { recursive: true });
  await symlink(path.join(projectRoot, 'node_modules'), path.join(copyRoot, 'node_modules'));
  return copyRoot;
}

export interface DevEventRecord {
  type: string;
  data: {
    type: string;
    files?: string[];
    href?: string;
    problems?: {
      file?: string;
      line?: number;
      column?: number;
      field?: string;
      message: string;
      hint?: string;
      frame?: { number: number; text: string }[];
    }[];
  };
}

export interface EventListener {
  events: DevEventRecord[];
  /** The first event from now on (or already received after `from`) that matches. */
  next(
    match: (event: DevEventRecord) => boolean,
    from?: number,
    timeoutMilliseconds?: number,
  ): Promise<DevEventRecord>;
  close(): void;
}

/** A Server-Sent Events client on the dev server's reload channel, as a tab's script would be. */
export async function listen(url: string): Promise<EventListener> {
  const controller = new AbortController();
  const response = await fetch(`${url}/__site/events`, { signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
  const events: DevEventRecord[] = [];
  let waiters: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data) });
          for (const wake of waiters) wake();
          waiters = [];
        }
      }
    } catch {
      // Closed.
    }
  })();
  return {
    events,
    async next(match, from = events.length, timeoutMilliseconds = 120_000) {
      const deadline = Date.now() + timeoutMilliseconds;
      for (;;) {
        const found = events.slice(from).find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no matching event; received: ${JSON.stringify(events.slice(from)).slice(0, 2000)}`,
          );
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 1000);
        });
      }
    },
    close: () => controller.abort(),
  };
}

export interface DevStatus {
  built: boolean;
  busy: boolean;
  rebuilds: number;
  problems: unknown[];
}

/** The dev server's status; a kept-alive connection the server closed just then is asked again. */
export async function devStatus(url: string, isAlive: () => boolean = () => true): Promise<DevStatus> {
  for (let attempt = 1; ; attempt++) {
    if (!isAlive()) throw new Error('site dev has exited');
    try {
      return (await (await fetch(`${url}/__site/status`)).json()) as DevStatus;
    } catch (error) {
      if (attempt === 3)
        throw new Error(`site dev does not answer: ${(error as Error).message}`, { cause: error });
    }
  }
}

export interface DevUnderTest {
  url: string;
  contentDir: string;
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when no rebuild runs or waits and at least `rebuilds` have ended. */
  settled(rebuilds?: number): Promise<{ rebuilds: number; problems: unknown[] }>;
  stop(): Promise<number | null>;
}

export async function startDev(): Promise<DevUnderTest> {
  const workDir = await makeTempDir('dev');
  const contentDir = await copyRealContent(workDir);
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, 'bin/site.js'), 'dev', '--content', contentDir, '--port', '0'],
    { cwd: projectRoot, env: { ...process.env, NO_COLOR: '1' } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /site dev at (http:\/\/\S+?)\/ /.exec(stdout);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => reject(new Error(`site dev exited with ${code}: ${stderr}`)));
  });
  const status = () =>
    devStatus(url, () => child.exitCode === null).catch((error: Error) => {
      throw new Error(`${error.message}\n${stderr}`, { cause: error });
    });
  return {
    url,
    contentDir,
    process: child,
    stdout: () => stdout,
    stderr: () => stderr,
    async settled(rebuilds = 0) {
      // The watcher's quiet period: a save just made may not have started its rebuild yet.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (;;) {
        const current = await status();
        if (!current.busy && current.rebuilds >= rebuilds) return current;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGINT');
      const code = child.exitCode ?? (await exited);
      await rm(workDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface DevInProject {
  url: string;
  /** The copy's folders, free to edit: content, client scripts and styles, templates. */
  contentDir: string;
  clientDir: string;
  templatesDir: string;
  /** Resolves when no rebuild runs or waits and at least `rebuilds` have ended. */
  settled(rebuilds?: number): Promise<DevStatus>;
  stop(): Promise<void>;
}

/**
 * The dev server in this process over a private copy of the project, so a test
 * may edit the stylesheet and the templates too (the CLI's own start is tested
 * with `startDev`).
 */
export async function startDevInProject(): Promise<DevInProject> {
  const { startDevServer } = await import('../../generator/dev/devServer.ts');
  const workDir = await makeTempDir('dev-project');
  const copyRoot = await copyProject(workDir);
  const contentDir = path.join(copyRoot, 'content');
  const clientDir = path.join(copyRoot, 'client');
  const errors: string[] = [];
  const dev = await startDevServer({
    projectRoot: copyRoot,
    contentDir,
    clientDir,
    port: 0,
    log: () => {},
    logError: (line) => errors.push(line),
  });
  return {
    url: dev.url,
    contentDir,
    clientDir,
    templatesDir: path.join(copyRoot, 'templates'),
    async settled(rebuilds = 0) {
      // The watcher's quiet period: a save just made may not have started its rebuild yet.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (;;) {
        const current = await devStatus(dev.url);
        if (!current.busy && current.rebuilds >= rebuilds) return current;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      await dev.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
