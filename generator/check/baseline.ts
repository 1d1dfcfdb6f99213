/**
 * The accepted look of the site: `site check --accept` keeps the contact sheet's screenshots
 * in a baseline folder, and a later check compares each new screenshot with its accepted one
 * (pixelmatch on PNGs read by pngjs), so that an editor sees what a longer text did to a page.
 */
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Share of pixels that may differ (antialiasing, a caret) before a page counts as changed. */
export const changedShare = 0.001;

export interface Comparison {
  /** The screenshot's file name, the same in both folders. */
  name: string;
  /** Share of the pixels that differ, 0..1; 1 when the size changed too much to compare. */
  share: number;
  changed: boolean;
  /** The diff image (changed pixels red), when changed. */
  diffFile?: string;
  /** Why it could not be compared: no accepted screenshot. */
  missing?: boolean;
}

/** Replaces the baseline with the screenshots in `shotsDir`. */
export async function acceptScreenshots(shotsDir: string, baselineDir: string): Promise<number> {
  // Only the screenshots are replaced: `--baseline` may name a folder that holds more.
  await mkdir(baselineDir, { recursive: true });
  for (const old of await readdir(baselineDir))
    if (old.endsWith('.png')) await rm(path.join(baselineDir, old), { force: true });
  const names = (await readdir(shotsDir)).filter((name) => name.endsWith('.png'));
  await Promise.all(names.map((name) => copyFile(path.join(shotsDir, name), path.join(baselineDir, name))));
  return names.length;
}

/**
 * Compares `shot` with the file of the same name in `baselineDir`. Images of different heights
 * are compared on the common top part, the rest counted as changed; the diff goes to `diffDir`.
 */
export async function compareWithBaseline(
  shot: string,
  baselineDir: string,
  diffDir: string,
): Promise<Comparison> {
  const name = path.basename(shot);
  const accepted = await readFile(path.join(baselineDir, name)).catch(() => undefined);
  if (!accepted) return { name, share: 0, changed: false, missing: true };
  const before = PNG.sync.read(accepted);
  const now = PNG.sync.read(await readFile(shot));
  const width = Math.min(before.width, now.width);
  const height = Math.min(before.height, now.height);
  const crop = (image: PNG) => {
    if (image.width === width && image.height === height) return image.data;
    const out = Buffer.alloc(width * height * 4);
    for (let row = 0; row < height; row++)
      image.data.copy(out, row * width * 4, row * image.width * 4, row * image.width * 4 + width * 4);
    return out;
  };
  const diff = new PNG({ width, height });
  const differing = pixelmatch(crop(before), crop(now), diff.data, width, height, { threshold: 0.1 });
  const total = Math.max(before.width * before.height, now.width * now.height);
  const share = (differing + (total - width * height)) / total;
  const changed = share > changedShare;
  if (!changed) return { name, share, changed };
  await mkdir(diffDir, { recursive: true });
  const diffFile = path.join(diffDir, name);
  await writeFile(diffFile, PNG.sync.write(diff));
  return { name, share, changed, diffFile };
}
