/**
 * Card lists of any length, laid out by Chromium: rows balance (they differ by at most one
 * card, so four plans never sit three and one) at every width the layout gate uses, and at
 * 320 px nothing sticks out, in every language.
 *
 * A site built with one more plan and one more feature card than the content has, each
 * copied from the first in every language, shows it on the pages as the build writes them.
 * Then, on the same pages, each list is refilled with one to seven of its own cards carrying
 * the classes the template gives that count, so every count meets the real stylesheet and
 * the real (German, French) texts without a build per count.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutWidths } from '../../generator/check/layoutPlan.ts';
import { balancedCardClasses } from '../../templates/balancedGrid.ts';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';
import { realRouteTable } from '../helpers/routeTable.ts';

const languages = [...realRouteTable.languages.codes];

/** Edits a YAML file of the content through the document API (comments and order kept). */
async function editYaml(file: string, edit: (document: ReturnType<typeof parseDocument>) => void) {
  const document = parseDocument(await readFile(file, 'utf8'));
  edit(document);
  await writeFile(file, document.toString());
}

/**
 * One more plan (a copy of the first, under a new id, with the first's texts in every
 * language) and one more home feature card (a copy of the last, in every language).
 */
async function addPlanAndFeature(contentDir: string) {
  let firstPlan = '';
  await editYaml(path.join(contentDir, 'plans.yaml'), (document) => {
    const plans = document.get('plans') as YAMLSeq<YAMLMap>;
    const copy = plans.items[0].clone() as YAMLMap;
    firstPlan = String(copy.get('id'));
    copy.set('id', 'fixture-plan');
    copy.set('name', 'FIXTURE PLAN');
    plans.items.push(copy);
  });
  for (const language of languages) {
    await editYaml(path.join(contentDir, `texts/${language}/subscriptions.yaml`), (document) => {
      const items = document.getIn(['plans', 'items']) as YAMLMap;
      items.set('fixture-plan', (items.get(firstPlan, true) as unknown as YAMLMap).clone());
    });
    await editYaml(path.join(contentDir, `texts/${language}/home.yaml`), (document) => {
      const items = document.getIn(['features', 'items']) as YAMLSeq<YAMLMap>;
      items.items.push(items.items[items.items.length - 1].clone() as YAMLMap);
    });
  }
}

let site: SiteUnderTest;
beforeAll(async () => {
  if (hasChromium) site = await startSite({ editContent: addPlanAndFeature });
}, 180_000);
afterAll(async () => site?.close());

/** The lists whose length the content sets, by page. */
const lists = [
  { page: 'subscriptions', selector: '[data-count="plans"]' },
  { page: 'subscriptions', selector: '[data-count="zones"]' },
  { page: 'home', selector: '[data-count="features"]' },
  { page: 'home', selector: '[data-count="values"]' },
] as const;

/** Cards per row of a list, top to bottom, as laid out. */
const rowsOf = (page: Page, selector: string) =>
  page.$eval(selector, (list) => {
    const rows = new Map<number, number>();
    for (const card of Array.from(list.children)) {
      const top = Math.round(card.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.entries()].sort(([a], [b]) => a - b).map(([, cards]) => cards);
  });

/** What sticks out at this width: the page sideways, or a card's content past the card. */
const overflowOf = (page: Page, selector: string) =>
  page.$eval(selector, (list) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`page ${document.documentElement.scrollWidth}`);
    for (const card of Array.from(list.children)) {
      const box = card.getBoundingClientRect();
      if (box.right > width + 1) found.push(`card ends at ${Math.round(box.right)}`);
      for (const element of Array.from(card.querySelectorAll('*'))) {
        const inner = element.getBoundingClientRect();
        if (inner.width > 0 && inner.right > box.right + 1)
          found.push(`${element.tagName} "${element.textContent?.trim().slice(0, 30)}" past its card`);
      }
    }
    return found;
  });

/** Refills the list with `count` of its own cards, in turn, classed as the template classes that many. */
const refill = (page: Page, selector: string, count: number) =>
  page.$eval(
    selector,
    (list, [count, classes]) => {
      const originals = ((list as HTMLElement & { originals?: Element[] }).originals ??= Array.from(
        list.children,
      ));
      list.replaceChildren(
        ...classes.map((names, index) => {
          const card = originals[index % originals.length].cloneNode(true) as Element;
          card.className = card.className.replace(/\s*\bin-\d-of-\d\b/g, '') + ` ${names}`;
          return card;
        }),
      );
      return count;
    },
    [count, balancedCardClasses(count)] as const,
  );

const balanced = (rows: number[]) => Math.max(...rows) - Math.min(...rows) <= 1;

describe.skipIf(!hasChromium)('card lists of any length', () => {
  for (const language of languages) {
    it(`${language}: rows balance at every width and nothing sticks out at 320 px`, async () => {
      const context = await site.context();
      const page = await context.newPage();
      const problems: string[] = [];
      for (const pageId of ['subscriptions', 'home'] as const) {
        await page.goto(`${site.url}${realRouteTable.pathOf(pageId, language)}`);
        for (const width of layoutWidths) {
          await page.setViewportSize({ width, height: 900 });
          for (const { selector } of lists.filter((list) => list.page === pageId)) {
            const built = await rowsOf(page, selector);
            if (!balanced(built)) problems.push(`${width} px ${selector} as built: rows ${built.join('+')}`);
          }
        }
        for (const { selector } of lists.filter((list) => list.page === pageId))
          for (let count = 1; count <= 7; count++) {
            await refill(page, selector, count);
            for (const width of layoutWidths) {
              await page.setViewportSize({ width, height: 900 });
              const rows = await rowsOf(page, selector);
              expect(rows.reduce((sum, cards) => sum + cards, 0)).toBe(count);
              if (!balanced(rows))
                problems.push(`${width} px ${selector} with ${count}: rows ${rows.join('+')}`);
              if (width === 1280 && rows.length > 1 && rows.some((cards) => cards === 1))
                problems.push(`1280 px ${selector} with ${count}: a card alone on a row (${rows.join('+')})`);
              if (width === 320)
                for (const fault of await overflowOf(page, selector))
                  problems.push(`320 px ${selector} with ${count}: ${fault}`);
            }
          }
      }
      await context.close();
      expect(problems).toEqual([]);
    }, 300_000);
  }

  it('shows the added plan and feature card as built, four plans in one row at 1280 px', async () => {
    const context = await site.context({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}${realRouteTable.pathOf('subscriptions', languages[0])}`);
    const plans = await rowsOf(page, '[data-count="plans"]');
    expect(await page.locator('[data-plan="fixture-plan"]').count()).toBe(1);
    // However many plans the content has, one more never leaves a card alone.
    expect(balanced(plans)).toBe(true);
    expect(plans.length === 1 || !plans.includes(1)).toBe(true);
    await context.close();
  }, 120_000);
});
