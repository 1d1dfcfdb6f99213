/** The watcher: the scratch files editors write beside the files they save, and saves in quick succession. */
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isEditorScratchFile, watchFolders, type Watcher } from '../../../generator/dev/watcher.ts';
import { makeTempDir } from '../../helpers/site.ts';

describe('isEditorScratchFile', () => {
  it('knows editors’ swap, lock, backup and temporary files, and not the site’s files', () => {
    for (const file of ['/c/texts/.home.yaml.swp', '/c/texts/.#home.yaml', '/c/texts/home.yaml~', '/c/texts/4913', '/c/plans.yaml.tmp']) expect(isEditorScratchFile(file), file).toBe(true);
    for (const file of ['/c/texts/home.yaml', '/c/images/vision.svg', '/t/pages/HomePage.tsx', '/c/client/styles.css']) expect(isEditorScratchFile(file), file).toBe(false);
  });
});

describe('watchFolders', () => {
  let watcher: Watcher | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await watcher?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports a save made soon after the last one was read, so the last saved text is rebuilt', async () => {
    dir = await makeTempDir('watcher');
    const file = path.join(dir, 'styles.css');
    await writeFile(file, ':root { --edit: 0px; }\n');
    // What a rebuild would read: the file's text at each report.
    const read: string[] = [];
    watcher = await watchFolders([dir], (changed) => read.push(readFileSync(changed, 'utf8')), (error) => {
      throw error;
    });
    await writeFile(file, ':root { --edit: 1px; }\n');
    await expect.poll(() => read.at(-1), { timeout: 10_000 }).toBe(':root { --edit: 1px; }\n');
    // As a rebuild would have read it by now: the next save lands within chokidar's 50 ms of the first report.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(file, ':root { --edit: 2px; }\n');
    await expect.poll(() => read.at(-1), { timeout: 2_000 }).toBe(':root { --edit: 2px; }\n');
  });
});
