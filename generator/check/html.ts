/**
 * html: the Nu HTML Checker (vnu-jar, on Java) validates every HTML file of the
 * site in one run. Errors fail the gate; its warnings are listed.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findJava, installJava } from './tools.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';
import { pagePathOf } from './site.ts';

const vnuJar = () =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
    'build/dist/vnu.jar',
  );

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  lastColumn?: number;
}

/**
 * The HTML standard lets `<link rel="expect" href="#id" blocking="render">` hold
 * the first paint until an element is parsed (every page uses it); the Nu
 * HTML Checker still allows `blocking` on stylesheet links only. That one
 * message is let pass, and only on a page that has such a link.
 */
const blockingOnExpect =
  'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.';
const expectLink = /<link rel="expect" href="#[^"]+" blocking="render"\/?>/;

async function isKnownCheckerGap(message: VnuMessage, file: string): Promise<boolean> {
  return message.message === blockingOnExpect && expectLink.test(await readFile(file, 'utf8'));
}

export const gate: Gate = {
  name: 'html',
  description: 'the Nu HTML Checker finds no error on any page',
  async run({ dir, pages, forwarded }: CheckContext) {
    const all = [...pages, ...forwarded];
    const summary = plural(all.length, 'page');
    const java = findJava();
    if (!java) return { problems: [], checked: 0, summary, skipped: installJava };
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        java,
        ['-jar', vnuJar(), '--format', 'json', '--stdout', ...all.map((page) => path.join(dir, page.file))],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          // vnu exits 1 when it finds an error; anything but JSON on stdout is a failure to run.
          if (stdout.trim().startsWith('{')) resolve(stdout);
          else reject(new Error(`The Nu HTML Checker did not run: ${stderr || error?.message}`));
        },
      );
    });
    const problems: Problem[] = [];
    for (const message of (JSON.parse(output) as { messages: VnuMessage[] }).messages) {
      const isError = message.type === 'error' || message.type === 'non-document-error';
      if (!isError && message.subType !== 'warning') continue;
      const file = message.url?.startsWith('file:')
        ? path.relative(dir, fileURLToPath(message.url)).split(path.sep).join('/')
        : undefined;
      if (file && (await isKnownCheckerGap(message, path.join(dir, file)))) continue;
      const where = message.lastLine
        ? ` (line ${message.lastLine}${message.lastColumn ? `, column ${message.lastColumn}` : ''})`
        : '';
      problems.push({
        severity: isError ? 'error' : 'warning',
        page: file ? pagePathOf(file) : message.url,
        message: `${message.message}${where}`,
      });
    }
    return { problems, checked: all.length, summary };
  },
};
