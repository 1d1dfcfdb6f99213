/**
 * head: what search engines and link previews read. Exactly one `h1`; a title of at
 * most 60 and a description of at most 160 characters; the canonical URL served
 * without a redirect; hreflang alternates that name each other back, with an
 * x-default and each in its own language; JSON-LD that parses, whose FAQ questions
 * are on the page for visitors too.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { headLimits } from '../model/constants.ts';
import { plural, type CheckContext, type Gate, type Problem, type SitePage } from './types.ts';

interface PageHead {
  language: string;
  canonical?: string;
  /** hreflang to path on the public origin. */
  alternates: Map<string, string>;
}

const characters = (text: string) => [...text].length;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Questions of every FAQPage in the page's JSON-LD, wherever in the graph it sits. */
function faqQuestions(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(faqQuestions);
  if (!data || typeof data !== 'object') return [];
  const node = data as Record<string, unknown>;
  const own =
    node['@type'] === 'FAQPage'
      ? [node.mainEntity]
          .flat()
          .flatMap((question) =>
            question &&
            typeof question === 'object' &&
            typeof (question as { name?: unknown }).name === 'string'
              ? [(question as { name: string }).name]
              : [],
          )
      : [];
  return [...own, ...Object.values(node).flatMap(faqQuestions)];
}

/** The text a visitor can read: the body without scripts, styles, templates and hidden parts. */
function visibleText(document: HTMLElement): string {
  const body = document.querySelector('body');
  if (!body) return '';
  for (const element of body.querySelectorAll('script, style, template, [hidden], [aria-hidden="true"]'))
    element.remove();
  return squash(body.text);
}

export const gate: Gate = {
  name: 'head',
  description: `one h1; title ≤ ${headLimits.title} and description ≤ ${headLimits.description} characters; canonical resolves; hreflang reciprocal with x-default; JSON-LD parses and its FAQ is on the page`,
  async run({ dir, url, pages, publicOrigin }: CheckContext) {
    const problems: Problem[] = [];
    const heads = new Map<string, PageHead>();
    const onSite = (href: string) => {
      try {
        const target = new URL(href, `${publicOrigin ?? 'http://site'}/`);
        return !publicOrigin || target.origin === publicOrigin
          ? `${target.pathname}${target.search}`
          : undefined;
      } catch {
        return undefined;
      }
    };
    const served = new Map<string, number>();
    const statusOf = async (pagePath: string) => {
      if (!served.has(pagePath)) {
        const response = await fetch(`${url}${pagePath}`, { redirect: 'manual' });
        await response.arrayBuffer();
        served.set(pagePath, response.status);
      }
      return served.get(pagePath)!;
    };

    const checkPage = async (page: SitePage) => {
      const report = (message: string) => problems.push({ severity: 'error', page: page.path, message });
      const document = parse(await readFile(path.join(dir, page.file), 'utf8'));
      const language = document.querySelector('html')?.getAttribute('lang') ?? '';
      if (!language) report('the html element has no lang attribute');

      const headings = document.querySelectorAll('h1').length;
      if (headings !== 1) report(`has ${headings} h1 headings; a page has exactly one`);

      const title = squash(document.querySelector('title')?.text ?? '');
      if (!title) report('has no title');
      else if (characters(title) > headLimits.title)
        report(`title has ${characters(title)} characters, over ${headLimits.title}: "${title}"`);
      const description = squash(
        document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      );
      if (!description) report('has no meta description');
      else if (characters(description) > headLimits.description)
        report(`description has ${characters(description)} characters, over ${headLimits.description}`);

      const robots = document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '';
      const canonicalHref = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
      const canonical = canonicalHref ? onSite(canonicalHref) : undefined;
      if (canonicalHref && !canonical)
        report(`canonical ${canonicalHref} is not on the site's origin ${publicOrigin}`);
      else if (!canonicalHref && !robots.includes('noindex'))
        report('has no canonical link (and is not noindex)');
      else if (canonical) {
        const status = await statusOf(canonical);
        if (status !== 200) report(`canonical ${canonical} answers ${status}, not 200`);
      }

      const alternates = new Map<string, string>();
      for (const link of document.querySelectorAll('link[rel="alternate"]')) {
        const hreflang = link.getAttribute('hreflang') ?? link.getAttribute('hrefLang');
        const href = link.getAttribute('href');
        if (!hreflang || !href) continue;
        const target = onSite(href);
        if (!target) report(`hreflang ${hreflang} points off the site: ${href}`);
        else alternates.set(hreflang, target);
      }
      if (alternates.size > 0 && !alternates.has('x-default'))
        report('has hreflang alternates but no x-default');
      heads.set(page.path, { language, canonical, alternates });

      for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
        let data: unknown;
        try {
          data = JSON.parse(script.text);
        } catch (error) {
          report(`JSON-LD does not parse: ${(error as Error).message}`);
          continue;
        }
        const text = visibleText(parse(document.toString()));
        for (const question of faqQuestions(data)) {
          if (!text.includes(squash(question)))
            report(`FAQ question in JSON-LD is not visible on the page: "${question}"`);
        }
      }
    };
    for (const page of pages) await checkPage(page);

    // Reciprocity: each alternate names this page's canonical back, in the language it is listed under.
    for (const page of pages) {
      const head = heads.get(page.path)!;
      for (const [hreflang, target] of head.alternates) {
        if (hreflang === 'x-default') continue;
        const other = heads.get(target);
        if (!other) {
          problems.push({
            severity: 'error',
            page: page.path,
            message: `hreflang ${hreflang} → ${target} is not a page of the site`,
          });
          continue;
        }
        if (other.language !== hreflang)
          problems.push({
            severity: 'error',
            page: page.path,
            message: `hreflang ${hreflang} → ${target}, a page in ${other.language || 'no language'}`,
          });
        const back = [...other.alternates.values()];
        const self = head.canonical ?? page.path;
        if (!back.includes(self))
          problems.push({
            severity: 'error',
            page: page.path,
            message: `hreflang ${hreflang} → ${target} does not name ${self} back`,
          });
      }
    }
    return { problems, checked: pages.length, summary: plural(pages.length, 'page') };
  },
};
