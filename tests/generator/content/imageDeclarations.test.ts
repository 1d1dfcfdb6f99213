/** Reading the images out of the texts: what each mistake says, and what stays in the texts. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFocus, takePageImages } from '../../../generator/content/imageDeclarations.ts';
import type { SiteLanguages } from '../../../generator/model/languages.ts';
import type { TextTree } from '../../../generator/content/schemas/textsSchema.ts';
import { makeTempDir } from '../../helpers/site.ts';

const languages = {
  codes: ['it', 'de'],
  default: 'it',
} as unknown as SiteLanguages;

let contentDir: string;
beforeAll(async () => {
  contentDir = await makeTempDir('declarations');
  await mkdir(path.join(contentDir, 'images'));
  for (const name of ['vision.jpg', 'hero.jpg']) await writeFile(path.join(contentDir, 'images', name), '');
});
afterAll(() => rm(contentDir, { recursive: true, force: true }));

/** Texts in which every page shows `hero.jpg`, with `about` changed as given. */
function texts(aboutIt: TextTree, aboutDe: TextTree): Record<string, TextTree> {
  const hero = (file?: string) => ({ hero: { image: { ...(file ? { file } : {}), alt: 'Una collina' } } });
  return {
    it: { about: aboutIt, partnership: hero('hero.jpg'), coverage: hero('hero.jpg') },
    de: { about: aboutDe, partnership: hero(), coverage: hero() },
  };
}

const take = (tree: Record<string, TextTree>) =>
  takePageImages(contentDir, tree, { it: {}, de: {} }, languages);

describe('takePageImages', () => {
  it('reads file, alt and focus, and leaves one alt text per language in the texts', () => {
    const tree = texts(
      { vision: { title: 'Visione', image: { file: 'vision.jpg', alt: 'Montagne', focus: '30% 60%' } } },
      { vision: { image: { alt: 'Berge' } } },
    );
    const { images, problems } = take(tree);
    expect(problems).toEqual([]);
    expect(images!['about.vision.image']).toMatchObject({
      file: 'vision.jpg',
      decorative: false,
      focus: { x: 0.3, y: 0.6 },
    });
    expect(tree.it.about).toEqual({ vision: { title: 'Visione', image: { alt: 'Montagne' } } });
    expect(tree.de.about).toEqual({ vision: { image: { alt: 'Berge' } } });
  });

  it('names each mistake with the key it is at', () => {
    const messages = (it: TextTree, de: TextTree) =>
      take(texts(it, de)).problems.map((problem) => problem.message);
    expect(
      messages({ vision: { image: { file: 'visoin.jpg', alt: 'x' } } }, { vision: { image: { alt: 'y' } } }),
    ).toEqual(['about.vision.image.file: content/images/visoin.jpg does not exist']);
    expect(
      messages(
        { vision: { image: { file: '../secret.jpg', alt: 'x' } } },
        { vision: { image: { alt: 'y' } } },
      ),
    ).toEqual(['about.vision.image.file: "../secret.jpg" is not the name of an image file']);
    expect(
      messages(
        { vision: { image: { file: 'vision.jpg', alt: 'x', size: 'big' } } },
        { vision: { image: { alt: 'y' } } },
      ),
    ).toEqual(['about.vision.image.size: an image has no field "size"']);
    expect(messages({ vision: { title: 'Visione' } }, {})).toEqual([
      'about.vision.image: the about page shows an image here, and the texts name none',
    ]);
    expect(
      messages(
        {
          vision: { image: { file: 'vision.jpg', alt: 'x' } },
          team: { image: { file: 'vision.jpg', alt: 'x' } },
        },
        { vision: { image: { alt: 'y', file: 'hero.jpg' } } },
      ),
    ).toEqual([
      'about.team.image: no page shows an image here',
      "about.vision.image.file: only the it texts name the image's file",
    ]);
  });

  it('accepts a language started as a copy of the reference, with the same file', () => {
    const copied = { vision: { image: { file: 'vision.jpg', alt: 'Montagne' } } };
    expect(take(texts(copied, structuredClone(copied))).problems).toEqual([]);
  });

  it('needs an alt text in every language unless the image is decorative', () => {
    const missing = take(texts({ vision: { image: { file: 'vision.jpg', alt: 'Montagne' } } }, {})).problems;
    expect(missing.map((problem) => [problem.code, problem.message])).toEqual([
      [
        'IMAGE_ALT_MISSING',
        'about.vision.image.alt: the de page shows vision.jpg without a text saying what it shows',
      ],
    ]);
    const tree = texts({ vision: { image: { file: 'vision.jpg', role: 'decorative' } } }, {});
    const decorative = take(tree);
    expect(decorative.problems).toEqual([]);
    expect(decorative.images!['about.vision.image'].decorative).toBe(true);
    expect(tree.it.about).toEqual({ vision: {} });
  });

  it('reads a focus point as two percentages', () => {
    expect(parseFocus('50% 30%')).toEqual({ x: 0.5, y: 0.3 });
    expect(parseFocus('100% 0%')).toEqual({ x: 1, y: 0 });
    expect(parseFocus('120% 0%')).toBeUndefined();
    expect(parseFocus('left top')).toBeUndefined();
  });
});
