/** Shared test helpers: run the real CLI, copy the real content, read built pages. */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
export const realContent = path.join(projectRoot, 'content');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runSite(args: string[], cwd = projectRoot, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(projectRoot, 'bin/site.js'), ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `site-${prefix}-`));
}

/** A private copy of the real content that a test may break. */
export async function copyRealContent(into: string): Promise<string> {
  const target = path.join(into, 'content');
  await cp(realContent, target, { recursive: true });
  return target;
}

export async function readPage(outDir: string, file: string): Promise<HTMLElement> {
  return parse(await readFile(path.join(outDir, file), 'utf8'));
}
