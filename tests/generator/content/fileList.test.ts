/**
 * The files of a folder as a build lists them: sorted, relative with forward slashes, dot files
 * only when asked, links as what they lead to, a broken link or a link to itself as no file, a link back to a folder above not followed.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesIn, filesUnder } from '../../../generator/content/fileList.ts';
import { makeTempDir } from '../../helpers/site.ts';

let dir: string;
let root: string;

beforeAll(async () => {
  dir = await makeTempDir('file-list');
  root = path.join(dir, 'content');
  for (const folder of ['texts/it', 'texts/en', '.git', 'elsewhere'])
    mkdirSync(path.join(root, folder), { recursive: true });
  for (const file of [
    'site.yaml',
    'texts/it/home.yaml',
    'texts/it/about.yaml',
    'texts/it/notes.txt',
    'texts/it/.draft.yaml',
    '.git/HEAD',
    'elsewhere/linked.yaml',
  ])
    writeFileSync(path.join(root, file), file);
  symlinkSync(path.join(root, 'elsewhere/linked.yaml'), path.join(root, 'texts/it/link.yaml'));
  symlinkSync(path.join(root, 'missing.yaml'), path.join(root, 'texts/it/broken.yaml'));
  symlinkSync(path.join(root, 'texts'), path.join(root, 'texts/en/loop'));
  symlinkSync(path.join(root, 'texts/it/self.yaml'), path.join(root, 'texts/it/self.yaml'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('filesUnder', () => {
  it('lists every file, sorted, with links as what they lead to and a link to a folder above not followed', () => {
    expect(filesUnder(root)).toEqual([
      'elsewhere/linked.yaml',
      'site.yaml',
      'texts/it/about.yaml',
      'texts/it/home.yaml',
      'texts/it/link.yaml',
      'texts/it/notes.txt',
    ]);
  });

  it('lists dot files and what dot folders hold when asked', () => {
    expect(filesUnder(root, { dot: true })).toEqual(
      expect.arrayContaining(['.git/HEAD', 'texts/it/.draft.yaml']),
    );
  });

  it('lists nothing for a folder that does not exist, or a file', () => {
    expect(filesUnder(path.join(root, 'none'))).toEqual([]);
    expect(filesUnder(path.join(root, 'site.yaml'))).toEqual([]);
  });
});

describe('filesIn', () => {
  it('lists the files of one folder with a suffix, links as what they lead to', () => {
    expect(filesIn(path.join(root, 'texts/it'), '.yaml').sort()).toEqual([
      'about.yaml',
      'home.yaml',
      'link.yaml',
    ]);
    expect(filesIn(path.join(root, 'texts'), '.yaml')).toEqual([]);
  });
});
