/** importFile: an ES module imported by its file URL, each new file a new module. */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../../generator/dev/importFile.cjs';
import { makeTempDir } from '../../helpers/site.ts';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('import-file');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('importFile', () => {
  it('imports the module a file URL names, and a second file as a module of its own', async () => {
    const first = path.join(dir, 'first.mjs');
    const second = path.join(dir, 'second.mjs');
    await writeFile(first, 'export const greeting = "Buongiorno";\n');
    await writeFile(second, 'export const greeting = "Buonasera";\n');
    expect(await importFile(pathToFileURL(first).href)).toMatchObject({ greeting: 'Buongiorno' });
    expect(await importFile(pathToFileURL(second).href)).toMatchObject({ greeting: 'Buonasera' });
  });
});
