/**
 * The copy as a Swiss business reader sees it, from the built pages: one register and one
 * term per idea in each language, French punctuation with its narrow no-break space, Swiss
 * number formats, the cookie banner's link in the reader's language, and no template that
 * types punctuation a language writes differently.
 */
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { parse, type HTMLElement, type Node } from 'node-html-parser';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../generator/model/languages.ts';
import type { MemoryBuild } from '../helpers/memoryBuild.ts';
import { ofLanguage, realLanguages, realRouteTable } from '../helpers/routeTable.ts';
import { sharedBuild } from '../helpers/sharedBuild.ts';

const routeTable = realRouteTable;
const languages = realLanguages.codes;
let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

const htmlRoutes = () =>
  routeTable.routes.filter((route) => route.page !== 'privacyRedirect' && route.page !== 'moved');
const pageOf = (file: string) => parse(site.text(file));

/** Every text a reader meets on a page: text nodes of the body, plus titles, labels and alt texts. */
function visibleTexts(document: HTMLElement): string[] {
  const texts: string[] = [
    document.querySelector('title')?.text ?? '',
    document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
  ];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      if (node.text.trim()) texts.push(node.text);
      return;
    }
    const element = node as HTMLElement;
    if (['script', 'style', 'svg'].includes(element.rawTagName?.toLowerCase() ?? '')) return;
    for (const name of ['alt', 'aria-label', 'title', 'placeholder', 'data-label-open', 'data-label-close']) {
      const value = element.getAttribute?.(name);
      if (value) texts.push(value);
    }
    for (const child of element.childNodes) walk(child);
  };
  walk(document.querySelector('body')!);
  // The forms' messages travel as JSON for the script.
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];
  for (const config of document.querySelectorAll('script[data-form-config]'))
    texts.push(...strings(JSON.parse(config.text)).filter((value) => /\s/.test(value)));
  return texts.map((text) => text.replace(/&#x27;|&#39;/g, "'"));
}

const textsByLanguage = new Map<Language, string[]>();
const textsOf = (language: Language) => {
  if (!textsByLanguage.has(language))
    textsByLanguage.set(
      language,
      htmlRoutes()
        .filter((route) => route.language === language)
        .flatMap((route) => visibleTexts(pageOf(route.file))),
    );
  return textsByLanguage.get(language)!;
};
const wordsMatching = (language: Language, pattern: RegExp) => [
  ...new Set(textsOf(language).flatMap((text) => text.match(pattern) ?? [])),
];

describe('one register', () => {
  // Sentences and calls to action say "voi" (Scriveteci); controls are infinitives, as Swiss Italian software writes them (Aprire il menu).
  it('addresses the Italian reader formally with "voi" on every Italian page, never "tu"', () => {
    const informal =
      /(?<![\p{L}'’])(tu|ti|te|tuo|tua|tuoi|tue|puoi|hai|vuoi|Scrivici|Contattaci|Raccontaci|Inserisci|Candidati|Accedi|Scopri|Riprova|Cresci|Vai|Apri|Chiudi|Torna|Leggi|Richiedi|Invia|Vedi|Contatta|Parla|Accetta|Rifiuta)(?![\p{L}'’])/gu;
    expect(wordsMatching('it', informal)).toEqual([]);
    expect(
      wordsMatching('it', /\b(vostra|vostro|vostri|Scriveteci|Contattateci|Inserite)\b/g).length,
    ).toBeGreaterThan(3);
  });
});

describe('one term per idea', () => {
  // A term the reader would take for a second idea, and the one the site uses for it.
  const avoided: Partial<Record<Language, [RegExp, string][]>> = {
    it: [
      [/\bpian[oi]\b/gi, 'abbonamento'],
      [/\bassistenza\b/gi, 'supporto'],
      [/\bcollegament[oi]\b/gi, 'linee'],
      [/Termini e condizioni|Cookie policy|cookie policy/g, 'Condizioni generali, Informativa sui cookie'],
      [/Focalizzazione|focalizzazione/g, 'Specializzazione'],
      [/Pronto a/g, 'Accedete al Cockpit'],
    ],
    en: [
      [/\bplans?\b/gi, 'subscription'],
      [/\btexts\b/g, 'SMS'],
      [/business (customer )?portal/gi, 'customer portal'],
      [/email program/gi, 'email client'],
    ],
    de: [
      [/\bAbos?\b/g, 'Abonnement'],
      [/krypto-freundlich/gi, 'kryptofreundlich'],
      [/Nutzern und Kunden/g, 'Nutzerinnen und Nutzer, Kundinnen und Kunden'],
      [/Wählen Sie danach/g, 'je nachdem'],
      [/Ansprechpartner/g, 'Ansprechperson'],
    ],
    fr: [
      [/Mentions légales|mentions légales/g, 'Informations juridiques'],
      [/raccordements?/gi, 'lignes'],
      [/tarifs catalogue/gi, 'liste de prix'],
      [/Comment ça fonctionne/g, 'Comment cela fonctionne'],
      [/Sans frais/g, 'Gratuit'],
    ],
  };
  for (const language of languages) {
    it(`${language}: uses one term per idea`, () => {
      for (const [pattern, preferred] of ofLanguage(avoided, language))
        expect(wordsMatching(language, pattern), `say "${preferred}"`).toEqual([]);
    });
  }
});

describe('French typography', () => {
  it('puts a narrow no-break space before : ; ? ! and inside « », and uses no other no-break space', () => {
    const problems: string[] = [];
    // The contact mail's subject prefix is the same in every language (an English fact of the spec).
    for (const text of textsOf('fr').filter((candidate) => candidate !== 'Contact Request: ')) {
      if (text.includes('\u00a0')) problems.push(`full no-break space: ${text}`);
      // Colons of times, addresses and URLs are not punctuation.
      const prose = text.replace(/\b\w+:\/\/\S+|\d:\d/g, '');
      for (const match of prose.matchAll(/(.?)([:;?!»])/g))
        if (match[1] !== '\u202f') problems.push(`before ${match[2]}: ${text}`);
      for (const match of prose.matchAll(/«(.?)/g))
        if (match[1] !== '\u202f') problems.push(`after «: ${text}`);
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});

describe('Swiss formats in every language', () => {
  const plans = (language: Language) =>
    pageOf(
      routeTable.routes.find((route) => route.page === 'subscriptions' && route.language === language)!.file,
    );
  const legal = (language: Language) =>
    pageOf(
      routeTable.routes.find(
        (route) => route.page === 'legal' && route.language === language && !route.legalSection,
      )!.file,
    );

  it("counts 3'000 SMS and prices 0.45 in every language, French and Italian included", () => {
    for (const language of languages) {
      expect(plans(language).querySelector('main')!.text, language).toContain("3'000 SMS");
      const prices = legal(language)
        .querySelectorAll('#tariffs .tariff-table__price')
        .map((cell) => cell.text.trim());
      expect(prices, language).toContain('0.45');
      expect(
        prices.filter((price) => !/^\d+\.\d{2}$/.test(price)),
        language,
      ).toEqual([]);
    }
  });

  it('writes the opening hours as each language does', () => {
    const expected: Partial<Record<Language, string>> = {
      it: '08:00–18:00',
      en: '08:00–18:00',
      de: '08:00–18:00 Uhr',
      fr: '8\u202fh\u202f– 18\u202fh',
    };
    for (const language of languages) {
      const home = pageOf(
        routeTable.routes.find((route) => route.page === 'home' && route.language === language)!.file,
      );
      expect(home.querySelector('footer')!.text, language).toContain(ofLanguage(expected, language));
    }
  });
});

describe('the cookie banner', () => {
  it('links the Italian cookie policy on Italian pages and the reader’s own cookie text elsewhere', () => {
    const expected: Partial<Record<Language, string>> = {
      it: '/cookie-policy/',
      en: '/en/legal/cookie/',
      de: '/de/legal/cookie/',
      fr: '/fr/legal/cookie/',
    };
    for (const route of htmlRoutes()) {
      const link = pageOf(route.file).querySelector('[data-cookie-banner] a');
      expect(link?.getAttribute('href'), route.path).toBe(ofLanguage(expected, route.language));
    }
    // Each target is a page in the reader's language with its cookie text open.
    for (const language of languages.filter((code) => code !== realLanguages.default)) {
      const target = routeTable.routes.find((route) => route.path === ofLanguage(expected, language))!;
      expect(target.language).toBe(language);
      expect(target.legalSection).toBe('cookie');
    }
  });
});

describe('templates', () => {
  it('type no punctuation that a language writes differently (: ; ? ! « ») before or after a text', () => {
    const found: string[] = [];
    for (const file of fg.sync('templates/**/*.tsx')) {
      const source = ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      const visit = (node: ts.Node) => {
        const literal = ts.isJsxText(node)
          ? node.text
          : ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression)
            ? node.expression.text
            : undefined;
        if (literal !== undefined && /[:;?!«»]/.test(literal))
          found.push(
            `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(literal.trim())}`,
          );
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});
