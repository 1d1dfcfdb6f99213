/**
 * A bounded fuzzer with a fixed seed: random mutations of copies of the real
 * content (broken indentation, unquoted colons, aliases, tabs, wrong types,
 * misspelt keys, Latin-1 bytes, truncated files…). Every mutation either loads,
 * or is refused with located problems and never an internal error; the few that
 * load are built in memory and must not show a broken page.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build/pipeline.ts';
import { loadContent } from '../../generator/content/load.ts';
import { isSiteError } from '../../generator/errors/siteError.ts';
import { createMemoryWriter } from '../../generator/build/writer.ts';
import { copyRealContent, makeTempDir, realContent } from '../helpers/site.ts';
import { warmImageCache } from '../helpers/sharedBuild.ts';
import { seededRandom } from '../helpers/seededRandom.ts';

const seed = 20261124;
const mutationCount = 24;
/** Builds are the slow part: at most this many accepted mutations are built and their pages read. */
const maxBuilds = 1;

type Mutation = (lines: string[], pick: <T>(items: T[]) => T) => string[] | Buffer;
const valueLine = (line: string) => /^\s*(- )?[\w-]+: \S/.test(line);
const mutations: Record<string, Mutation> = {
  'delete a line': (lines, pick) => {
    const index = pick(lines.map((_, i) => i).slice(1));
    return lines.filter((_, i) => i !== index);
  },
  'indent a line one space more': (lines, pick) => {
    const index = pick(lines.map((_, i) => i).slice(1));
    return lines.map((line, i) => (i === index ? ` ${line}` : line));
  },
  'unquoted colon in a value': (lines, pick) => {
    const index = pick(
      lines.map((line, i) => (valueLine(line) && !/: ["'[{]/.test(line) ? i : -1)).filter((i) => i >= 0),
    );
    return lines.map((line, i) => (i === index ? `${line}: oops` : line));
  },
  'value becomes a number': (lines, pick) => {
    const index = pick(lines.map((line, i) => (valueLine(line) ? i : -1)).filter((i) => i >= 0));
    return lines.map((line, i) => (i === index ? line.replace(/: .*$/, ': 42') : line));
  },
  'value becomes a list': (lines, pick) => {
    const index = pick(lines.map((line, i) => (valueLine(line) ? i : -1)).filter((i) => i >= 0));
    return lines.map((line, i) => (i === index ? line.replace(/: (.*)$/, ': [$1]') : line));
  },
  'value becomes a map': (lines, pick) => {
    const index = pick(lines.map((line, i) => (valueLine(line) ? i : -1)).filter((i) => i >= 0));
    return lines.map((line, i) => (i === index ? line.replace(/: (.*)$/, ': { x: y }') : line));
  },
  'misspell a key': (lines, pick) => {
    const index = pick(
      lines.map((line, i) => (/^\s*(- )?[a-zA-Z]{3,}:/.test(line) ? i : -1)).filter((i) => i >= 0),
    );
    return lines.map((line, i) =>
      i === index ? line.replace(/([a-zA-Z])([a-zA-Z])([a-zA-Z]*):/, '$2$1$3:') : line,
    );
  },
  'alias bomb': (lines) => [
    ...lines,
    'zz1: &a [x, x, x, x, x, x, x, x, x, x]',
    'zz2: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
    'zz3: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
  ],
  'tab indentation': (lines, pick) => {
    const index = pick(lines.map((line, i) => (/^ {2}\S/.test(line) ? i : -1)).filter((i) => i >= 0));
    return lines.map((line, i) => (i === index ? line.replace(/^ {2}/, '\t') : line));
  },
  'a YAML tag': (lines, pick) => {
    const index = pick(lines.map((line, i) => (valueLine(line) ? i : -1)).filter((i) => i >= 0));
    return lines.map((line, i) => (i === index ? line.replace(/: /, ': !js/function ') : line));
  },
  'Latin-1 bytes': (lines) =>
    Buffer.concat([Buffer.from(lines.join('\n')), Buffer.from([0x0a, 0x23, 0x20, 0xe9, 0x0a])]),
  'cut the file in half': (lines) => lines.slice(0, Math.ceil(lines.length / 2)),
  'duplicate a line': (lines, pick) => {
    const index = pick(lines.map((_, i) => i).slice(1));
    return lines.flatMap((line, i) => (i === index ? [line, line] : [line]));
  },
};

const tempDirs: string[] = [];
afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

describe('content fuzzer (fixed seed, bounded)', () => {
  it(`survives ${mutationCount} random mutations: located errors or sound pages, never a crash`, async () => {
    const next = seededRandom(seed);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)];
    const files = (await fg('**/*.yaml', { cwd: realContent })).sort();
    const names = Object.keys(mutations);
    const dir = await makeTempDir('fuzz');
    tempDirs.push(dir);
    const contentDir = await copyRealContent(dir);
    // A private copy of the warm image cache: a mutated build draws only the images its mutation changed.
    const cacheDir = await warmImageCache(path.join(dir, 'cache'));
    let built = 0;
    let refused = 0;
    for (let run = 0; run < mutationCount; run++) {
      const file = pick(files);
      const name = pick(names);
      const original = await readFile(path.join(realContent, file), 'utf8');
      const mutated = mutations[name](original.split('\n'), pick);
      const label = `#${run} ${name} in ${file}`;
      await writeFile(path.join(contentDir, file), Array.isArray(mutated) ? mutated.join('\n') : mutated);
      try {
        const loaded = await loadContent(contentDir).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (loaded !== undefined) {
          expect(isSiteError(loaded), `${label}: ${String(loaded)}`).toBe(true);
          const problems = isSiteError(loaded)
            ? loaded.problems.length > 0
              ? loaded.problems
              : [loaded]
            : [];
          for (const problem of problems)
            expect(problem.location?.file, `${label}: ${problem.message}`).toBeTruthy();
          refused++;
        } else if (built < maxBuilds) {
          built++;
          const writer = createMemoryWriter();
          const result = await build({
            contentDir,
            writer,
            baseUrl: 'https://www.example.com',
            cacheDir,
          }).then(
            () => undefined,
            (error: unknown) => error,
          );
          if (result !== undefined) {
            expect(isSiteError(result), `${label}: ${String(result)}`).toBe(true);
          } else {
            for (const [page, contents] of writer.files) {
              if (!page.endsWith('.html')) continue;
              const html = typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
              expect(html, `${label}: ${page}`).not.toMatch(
                /⚠️|returned an object|\[object Object\]|\{\{\s*\w+\s*\}\}|\uFFFD/,
              );
            }
          }
        }
      } finally {
        await writeFile(path.join(contentDir, file), original);
      }
    }
    // The fuzzer must find mistakes, or it tests nothing.
    expect(refused).toBeGreaterThan(mutationCount / 2);
  });
});
