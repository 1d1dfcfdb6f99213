/** The watcher: the scratch files editors write beside the files they save, and saves in quick succession. */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isEditorScratchFile, watchFolders, type Watcher } from '../../../generator/dev/watcher.ts';
import { makeTempDir } from '../../helpers/site.ts';

describe('isEditorScratchFile', () => {
  it('knows editors’ swap, lock, backup and temporary files, and not the site’s files', () => {
    for (const file of [
      '/c/texts/.home.yaml.swp',
      '/c/texts/.#home.yaml',
      '/c/texts/home.yaml~',
      '/c/texts/4913',
      '/c/plans.yaml.tmp',
    ])
      expect(isEditorScratchFile(file), file).toBe(true);
    for (const file of [
      '/c/texts/home.yaml',
      '/c/images/vision.svg',
      '/t/pages/HomePage.tsx',
      '/c/client/styles.css',
    ])
      expect(isEditorScratchFile(file), file).toBe(false);
  });
});

describe('watchFolders', () => {
  let watcher: Watcher | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await watcher?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

  /**
   * Watches a folder as `site dev` does and reads the file 15 ms after each report, as its
   * rebuild queue would (it waits that long for a burst to end). `onRead` sees each text read.
   */
  async function watchAsDevDoes(
    file: string,
    onRead: (text: string | undefined, reads: number) => void,
  ): Promise<(string | undefined)[]> {
    const read: (string | undefined)[] = [];
    watcher = await watchFolders(
      [path.dirname(file)],
      (changed) => {
        void sleep(15).then(async () => {
          read.push(await readFile(changed, 'utf8').catch(() => undefined));
          onRead(read.at(-1), read.length);
        });
      },
      (error) => {
        throw error;
      },
    );
    return read;
  }

  it('reports a save made 20 ms after the last one was read, so the last saved text is rebuilt', async () => {
    dir = await makeTempDir('watcher');
    const file = path.join(dir, 'styles.css');
    await writeFile(file, ':root { --edit: 0px; }\n');
    let saved = false;
    const read = await watchAsDevDoes(file, (text) => {
      // The next save, well within chokidar's 50 ms of the first report.
      if (text === ':root { --edit: 1px; }\n' && !saved) {
        saved = true;
        void sleep(20).then(() => writeFile(file, ':root { --edit: 22px; }\n'));
      }
    });
    await writeFile(file, ':root { --edit: 1px; }\n');
    await expect.poll(() => read.at(-1), { timeout: 5_000, interval: 10 }).toBe(':root { --edit: 22px; }\n');
    expect(saved).toBe(true);
  });

  it('reports a removal made soon after the file came back, so a removed file is not rebuilt as present', async () => {
    dir = await makeTempDir('watcher');
    const file = path.join(dir, 'home.yaml');
    await writeFile(file, 'title: Home\n');
    const read = await watchAsDevDoes(file, () => {});
    // Removed, written again and removed again within chokidar's 100 ms for removals.
    await rm(file);
    await sleep(30);
    await writeFile(file, 'title: Home again\n');
    await sleep(30);
    await rm(file);
    await sleep(500);
    expect(read.length).toBeGreaterThan(0);
    expect(read.at(-1)).toBeUndefined();
  });
});
