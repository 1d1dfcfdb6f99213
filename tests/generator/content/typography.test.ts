/**
 * The content stage's typography: French texts get their narrow no-break spaces when
 * the content is loaded (every command sees them), other languages keep what the
 * editor typed, and a number grouped otherwise than 3'000 is a located warning.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { looseNumberNotices, typeset } from '../../../generator/content/typography.ts';
import { loadFixture, removeFixtureCopies } from '../../helpers/contentFixture.ts';

afterAll(removeFixtureCopies);

describe('typeset', () => {
  it('typesets every text of a French tree, at any depth, and leaves dates, numbers and booleans alone', () => {
    const tree = {
      title: 'Tarifs : à l’usage',
      lastUpdated: '2025-10-12',
      sections: [{ heading: 'Règles ?', bullets: ['Un appel ; ensuite'], tariffTable: 'payPerUse' }],
      count: 3,
      open: true,
    };
    expect(typeset(tree, 'fr-CH')).toEqual({
      title: 'Tarifs\u202f: à l’usage',
      lastUpdated: '2025-10-12',
      sections: [{ heading: 'Règles\u202f?', bullets: ['Un appel\u202f; ensuite'], tariffTable: 'payPerUse' }],
      count: 3,
      open: true,
    });
    // A copy: the parsed content it came from is not changed.
    expect(tree.title).toBe('Tarifs : à l’usage');
  });

  it('leaves the texts of a language that is not French as they are', () => {
    const tree = { text: 'Achtung : Preise ab 9 CHF!' };
    expect(typeset(tree, 'de-CH')).toEqual(tree);
  });
});

describe('looseNumberNotices', () => {
  const parsed = (source: string) => {
    const lineCounter = new LineCounter();
    return { displayPath: 'texts/de/home.yaml', doc: parseDocument(source, { lineCounter }), lineCounter };
  };

  it('names the text’s key, file, line and column, and what to write', () => {
    const [notice, ...more] = looseNumberNotices(
      parsed('hero:\n  title: Willkommen\n  text: Über 3 000 Firmen\n'),
      ['home'],
    );
    expect(more).toEqual([]);
    expect(notice.code).toBe('TEXT_NUMBER_FORMAT');
    expect(notice.location).toEqual({ file: 'texts/de/home.yaml', line: 3, column: 9 });
    expect(notice.message).toMatch(/^home\.hero\.text: "3 000" .* 3'000/);
    expect(notice.hint).toMatch(/Write 3'000/);
  });

  it('finds nothing in texts written the Swiss way, nor in values that are not texts', () => {
    expect(looseNumberNotices(parsed("a: 3'000 SMS\nb: 3000\nc: [1, 000]\nd: '2025-10-12'\n"))).toEqual([]);
  });
});

describe('loading content', () => {
  it('gives French texts typed with plain spaces their narrow no-break spaces, and German texts none', async () => {
    const { content, error } = await loadFixture('french-text-typed-with-plain-spaces');
    expect(error).toBeUndefined();
    const french = content!.texts.fr.notFound as Record<string, unknown>;
    expect(french.title).toBe('«\u202fIntrouvable\u202f»\u202f?');
    expect(french.text).toBe(
      "Attention\u202f: la page n'existe pas\u202f; écrivez à {{email}}\u202f: nous répondons de 8\u202fh à 18\u202fh.",
    );
    expect((french.meta as Record<string, string>).description).toBe(
      "La page demandée n'existe pas\u202f: revenez à l'accueil\u202f!",
    );
    expect((content!.texts.de.notFound as Record<string, unknown>).text).toBe(
      'Achtung : diese Seite gibt es nicht.',
    );
    // French legal documents are typeset too: no French text keeps a space the build should have written.
    const frenchLegal = JSON.stringify(content!.legal.fr);
    expect(frenchLegal).not.toMatch(/[ \u00a0][:;!?»]|«[ \u00a0]/);
  });

  it('reports a number grouped with a space as a warning at its line, and still loads', async () => {
    const { content, error } = await loadFixture('text-number-grouped-with-space');
    expect(error).toBeUndefined();
    const notices = content!.notices.filter((notice) => notice.location?.file.endsWith('de/notFound.yaml'));
    expect(notices.map((notice) => [notice.code, notice.location?.line, notice.location?.column])).toEqual([
      ['TEXT_NUMBER_FORMAT', 5, 7],
    ]);
    expect(notices[0].message).toMatch(/^notFound\.text: "3 000"/);
  });
});
