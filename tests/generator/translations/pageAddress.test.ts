/**
 * The address of the page that shows a text, on the translation fixture (it, en, de)
 * given slugs and an origin: the page of the text's file, the home page for the shared
 * texts, the legal page's section for a legal document, nothing when there is no page.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalSectionIds } from '../../../generator/model/constants.ts';
import { slugPageIds } from '../../../generator/model/pages.ts';
import { pageAddresses, type PageAddress } from '../../../generator/translations/pageAddress.ts';
import { removeTranslationFixtures, translationFixture } from '../../helpers/translationFixture.ts';

afterAll(removeTranslationFixtures);

/** Every page's slug as `<page>-<code>`, the home page ''. */
const slugsYaml = [
  ...slugPageIds.map((page) =>
    page === 'home'
      ? `home: { it: '', en: '', de: '' }`
      : `${page}: { it: ${page}-it, en: ${page}-en, de: ${page}-de }`,
  ),
  'legalSections:',
  ...legalSectionIds.map(
    (section) => `  ${section}: { it: ${section}, en: ${section}-en, de: ${section}-de }`,
  ),
  'defaultLanguageOnly: { legalAlias: alias-prova, cookiePolicy: cookie-policy, privacyRedirect: privacy }',
  '',
].join('\n');

let contentDir: string;
let addressOf: PageAddress;
beforeAll(async () => {
  contentDir = await translationFixture();
  await writeFile(path.join(contentDir, 'slugs.yaml'), slugsYaml);
  await writeFile(path.join(contentDir, 'site.yaml'), 'origin: https://www.example.ch/\n');
  addressOf = await pageAddresses(contentDir);
});

describe('pageAddresses', () => {
  it('gives a text the page of its file, in the translation’s language', () => {
    expect(addressOf('about.hero.title', 'de')).toBe('https://www.example.ch/de/about-de/');
    expect(addressOf('about.hero.title', 'it')).toBe('https://www.example.ch/about-it/');
  });

  it('gives a text file that several pages read the first of them, and the shared texts the home page', () => {
    expect(addressOf('forms.submit', 'en')).toBe('https://www.example.ch/en/partnership-en/');
    expect(addressOf('common.nav.home', 'en')).toBe('https://www.example.ch/en/');
  });

  it('gives a legal document its section of the legal page, and one without a section the legal page', () => {
    expect(addressOf('legal/privacy.sections.0.heading', 'de')).toBe(
      'https://www.example.ch/de/legal-de/privacy-de/',
    );
    expect(addressOf('legal/terms.title', 'de')).toBe('https://www.example.ch/de/legal-de/');
  });

  it('gives no address to a text no page shows', () => {
    expect(addressOf('shop.hero.title', 'de')).toBeUndefined();
  });

  it('gives no address at all when the slugs cannot be read', async () => {
    const broken = await translationFixture();
    await rm(path.join(broken, 'slugs.yaml'), { force: true });
    const none = await pageAddresses(broken);
    expect(none('about.hero.title', 'de')).toBeUndefined();
  });
});
