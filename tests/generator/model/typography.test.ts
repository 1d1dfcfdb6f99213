/**
 * The typography editors cannot see, on small named texts: French narrow no-break
 * spaces written by the build (idempotent, never inside what is not prose), and
 * numbers grouped otherwise than 3'000 found in any language.
 */
import { describe, expect, it } from 'vitest';
import {
  frenchTypography,
  isFrenchLocale,
  looseNumbers,
  typographyFor,
} from '../../../generator/model/typography.ts';

/** U+202F shown as ⍽ and U+00A0 as °, so a failure shows where the spaces are. */
const visible = (text: string) => text.replace(/\u202f/g, '⍽').replace(/\u00a0/g, '°');
const french = (text: string) => visible(frenchTypography(text));

describe('frenchTypography', () => {
  it('puts a narrow no-break space before : ; ! ? where the translator typed a space or none', () => {
    expect(french('Remarque : voici')).toBe('Remarque⍽: voici');
    expect(french('Remarque: voici')).toBe('Remarque⍽: voici');
    expect(french('Pourquoi ?')).toBe('Pourquoi⍽?');
    expect(french('Oui!')).toBe('Oui⍽!');
    expect(french('Un appel ; ensuite')).toBe('Un appel⍽; ensuite');
  });

  it('puts one space before a run of marks, not one per mark', () => {
    expect(french('Vraiment ?!')).toBe('Vraiment⍽?!');
  });

  it('puts it inside « », whether the translator typed a space or none', () => {
    expect(french('« Essentiels »')).toBe('«⍽Essentiels⍽»');
    expect(french('«Essentiels»')).toBe('«⍽Essentiels⍽»');
    expect(french('« Oui ! »')).toBe('«⍽Oui⍽!⍽»');
  });

  it('puts it between a number and its unit', () => {
    expect(french('de 8 h à 18 h')).toBe('de 8⍽h à 18⍽h');
    expect(french('24 h/24, 7 j/7')).toBe('24⍽h/24, 7⍽j/7');
    expect(french('200 Go et 50 %, dès 9 CHF')).toBe('200⍽Go et 50⍽%, dès 9⍽CHF');
    expect(french('{{h}} h')).toBe('{{h}}⍽h');
    // A word that starts like a unit is no unit.
    expect(french('3 heures, 2 mois')).toBe('3 heures, 2 mois');
  });

  it('makes the full no-break space (U+00A0) and the thin space the narrow one', () => {
    expect(french('Remarque\u00a0: voici')).toBe('Remarque⍽: voici');
    expect(french('Remarque\u2009: voici')).toBe('Remarque⍽: voici');
    expect(french('prix\u00a0fixe')).toBe('prix⍽fixe');
  });

  it('is idempotent: a text already typeset, or typeset twice, stays as it is', () => {
    const texts = [
      'Remarque\u202f: voici',
      '«\u202fOui\u202f!\u202f»',
      'Remarque : https://exemple.ch/a?b=1 ; info@exemple.ch !',
      'de 8 h à 18 h ; {{hh}}:{{mm}}',
      'Pourquoi\u00a0?\u00a0»',
    ];
    for (const text of texts) {
      const once = frenchTypography(text);
      expect(frenchTypography(once), text).toBe(once);
    }
    expect(frenchTypography('Remarque\u202f: voici')).toBe('Remarque\u202f: voici');
  });

  it('leaves the colon of a time, or between two placeholders, alone', () => {
    expect(french('dès 10:30')).toBe('dès 10:30');
    expect(french('{{hh}}:{{mm}}')).toBe('{{hh}}:{{mm}}');
  });

  it('never touches a web address, a mailto: or tel: link, an e-mail address or a placeholder', () => {
    expect(french('Voir https://exemple.ch/a?b=1&c=2!x : merci')).toBe(
      'Voir https://exemple.ch/a?b=1&c=2!x⍽: merci',
    );
    expect(french('mailto:info@exemple.ch?subject=Oui!&body=x')).toBe(
      'mailto:info@exemple.ch?subject=Oui!&body=x',
    );
    expect(french('tel:+41580000000;ext=1')).toBe('tel:+41580000000;ext=1');
    expect(french('Écrivez à info@exemple.ch : merci')).toBe('Écrivez à info@exemple.ch⍽: merci');
    expect(french('{{ value, format: short }} ; {{brand}} :')).toBe(
      '{{ value, format: short }}⍽; {{brand}}⍽:',
    );
    // The sentence's own mark after an address still gets its space.
    expect(french('Voir https://exemple.ch!')).toBe('Voir https://exemple.ch⍽!');
  });

  it('leaves markup and entities alone', () => {
    expect(french('<a href="x:y">lien</a>: suite &amp; fin')).toBe(
      '<a href="x:y">lien</a>⍽: suite &amp; fin',
    );
  });
});

describe('typographyFor', () => {
  it('applies French typography to French locales only', () => {
    expect(isFrenchLocale('fr-CH')).toBe(true);
    expect(isFrenchLocale('fr')).toBe(true);
    expect(isFrenchLocale('fur-IT')).toBe(false);
    expect(typographyFor('fr-CH')('Oui !')).toBe('Oui\u202f!');
    expect(typographyFor('de-CH')('Achtung: «Ja»!')).toBe('Achtung: «Ja»!');
    expect(typographyFor('it-CH')('Nota : sì')).toBe('Nota : sì');
  });
});

describe('looseNumbers', () => {
  it("finds thousands grouped with a space, a no-break space, a point, a comma or ’, and says 3'000", () => {
    expect(looseNumbers('3 000 SMS')).toEqual([{ written: '3 000', swiss: "3'000", index: 0 }]);
    expect(looseNumbers('dès 3\u202f000 SMS').map((found) => found.swiss)).toEqual(["3'000"]);
    expect(looseNumbers('3.000 und 1,000 und 1’250’000').map((found) => found.swiss)).toEqual([
      "3'000",
      "1'000",
      "1'250'000",
    ]);
  });

  it("leaves 3'000, small numbers, years, decimals, phone numbers and codes alone", () => {
    for (const text of [
      "3'000 SMS",
      '500 minutes',
      'depuis 2025',
      '1,5 Go, 0.45 CHF',
      '0800 800 800',
      '058 123 45 67',
      'CHE-123.456.789',
      '24 h/24',
    ])
      expect(looseNumbers(text), text).toEqual([]);
  });

  it('looks at prose only: not into addresses or placeholders, and counts positions in the text as written', () => {
    expect(looseNumbers('https://exemple.ch/1 000')).toEqual([]);
    expect(looseNumbers('{{a}} 1 000')).toEqual([{ written: '1 000', swiss: "1'000", index: 6 }]);
  });
});
