/**
 * Click to edit in `site dev`, in real Chromium against the dev server over a
 * private copy of the project: a text opened from the page in every language,
 * saved into exactly its YAML value, the page reloaded with it at the same scroll
 * position; invalid values and files changed meanwhile refused in the panel with
 * nothing written; FAQ entries added and removed in every language; the panel
 * reachable and usable by keyboard, axe-clean, at a phone width too, all under
 * the production Content-Security-Policy.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../../generator/check/a11y.ts';
import { panelStrings } from '../../client/dev/editorStrings.ts';
import { readValue, setText } from '../../generator/dev/editor/yamlEdit.ts';
import { maxTextLength } from '../../generator/model/constants.ts';
import { readRecord } from '../../generator/translations/record.ts';
import { realRouteTable } from '../helpers/routeTable.ts';
import { connectShared, consentKey, desktopUserAgent, hasChromium } from '../helpers/browser.ts';
import { startDevInProject, type DevInProject } from '../helpers/dev.ts';
import { cutFaqToOneEntry } from '../helpers/editedContent.ts';

let dev: DevInProject;
let browser: Browser;
const languages = realRouteTable.languages.codes;
const contactPage = (language: string) => realRouteTable.pathOf('contact', language);

beforeAll(async () => {
  if (!hasChromium) return;
  [dev, browser] = await Promise.all([startDevInProject(), connectShared()]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

async function open(
  pagePath: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; violations: string[] }> {
  const context = await browser.newContext({ userAgent: desktopUserAgent, locale: 'en-GB', viewport });
  context.setDefaultTimeout(120_000);
  await context.addInitScript((key) => localStorage.setItem(key, 'essential'), consentKey);
  const page = await context.newPage();
  // A rebuild an earlier test's save started would reload this page later (once its panel closes),
  // taking the focus and the panel with it.
  await dev.settled();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${dev.url}${pagePath}`);
  await page.waitForFunction(() => document.querySelector('site-editor') !== null);
  return { page, violations };
}

const contentFile = (relative: string) => readFile(path.join(dev.contentDir, relative), 'utf8');

async function contentHashes(): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const file of (await fg('**/*', { cwd: dev.contentDir, dot: true })).sort())
    hashes[file] = createHash('sha256')
      .update(await readFile(path.join(dev.contentDir, file)))
      .digest('hex');
  return hashes;
}

const panel = (page: Page) => page.locator('site-editor dialog');
const field = (page: Page, language: string) => panel(page).locator(`textarea[lang="${language}"]`);

/** Marks the window so that a reload is seen: the mark is gone after one. */
const markWindow = (page: Page) =>
  page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
const reloaded = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { notReloaded?: boolean }).notReloaded === undefined);

describe.skipIf(!hasChromium)('click to edit in site dev', () => {
  it('edits an English heading from the page: exactly that YAML value changes, the page reloads with it', async () => {
    const { page, violations } = await open(contactPage('en'));
    await dev.settled();
    const before = await contentFile('texts/en/contact.yaml');
    await page
      .locator('h1')
      .first()
      .click({ modifiers: ['Alt'] });
    await expect.poll(() => panel(page).isVisible()).toBe(true);
    // The key, and each language's file:line, side by side.
    const key = (await page.locator('h1').first().getAttribute('data-site-key'))!;
    expect(key).toMatch(/^contact\./);
    await expect.poll(() => panel(page).locator('h3').first().textContent()).toBe(key);
    const where = await panel(page).locator('.language__where').allTextContents();
    expect(where).toEqual(
      languages.map((language) =>
        expect.stringMatching(new RegExp(`texts/${language}/contact\\.yaml:\\d+$`)),
      ),
    );
    expect(await panel(page).locator('textarea').count()).toBe(languages.length);
    // The page's own language has the focus.
    expect(
      await page.evaluate(() =>
        document.querySelector('site-editor')!.shadowRoot!.activeElement?.getAttribute('lang'),
      ),
    ).toBe('en');

    await page.evaluate(() => window.scrollTo(0, 0));
    await markWindow(page);
    await field(page, 'en').fill('Talk to the editors of this test');
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await reloaded(page);
    await expect
      .poll(() => page.locator('h1').first().textContent())
      .toBe('Talk to the editors of this test');
    // The edited text lights up for a moment.
    await expect.poll(() => page.locator('h1.site-editor-flash').count()).toBe(1);

    const after = await contentFile('texts/en/contact.yaml');
    const a = before.split('\n');
    const b = after.split('\n');
    expect(b.length).toBe(a.length);
    const changed = b.flatMap((line, index) => (line === a[index] ? [] : [[a[index], line]]));
    expect(changed).toHaveLength(1);
    const name = key.split('.').at(-1);
    expect(changed[0][1]).toBe(
      changed[0][0].replace(new RegExp(`${name}: .*`), `${name}: Talk to the editors of this test`),
    );
    expect(violations).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('reaches a text by keyboard in edit mode and saves all four languages at once', async () => {
    const { page, violations } = await open(contactPage('en'));
    await dev.settled();
    const toggle = page.locator('site-editor').getByRole('button', { name: 'Edit mode' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    // Texts are in the tab order now: focus the subtitle and open it with Enter.
    const subtitle = page.locator('.hero p').first();
    const key = await subtitle.getAttribute('data-site-key');
    expect(key).toMatch(/^contact\./);
    await subtitle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel(page).isVisible()).toBe(true);
    const values = Object.fromEntries(
      languages.map((language) => [language, `A local team in {{city}} (${language}): write to us.`]),
    );
    for (const [language, value] of Object.entries(values)) await field(page, language).fill(value);
    await markWindow(page);
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await reloaded(page);
    await expect.poll(() => subtitle.textContent()).toContain('(en): write to us.');
    const segments = key!.split('.').slice(1);
    for (const [language, value] of Object.entries(values))
      expect(readValue(await contentFile(`texts/${language}/contact.yaml`), segments)?.value).toBe(value);
    expect(violations).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('refuses a value that is too long or has a broken placeholder in the panel, and writes nothing', async () => {
    const { page } = await open(contactPage('en'));
    await dev.settled();
    const before = await contentHashes();
    await page
      .locator('h1')
      .first()
      .click({ modifiers: ['Alt'] });
    for (const value of ['x'.repeat(maxTextLength + 1), 'Write to us in {{city}']) {
      await field(page, 'en').fill(value);
      await panel(page).getByRole('button', { name: 'Save' }).click();
      const alert = panel(page).getByRole('alert');
      await expect.poll(() => alert.textContent()).toMatch(/not saved/);
      const text = await alert.textContent();
      expect(text).toMatch(value.length > maxTextLength ? `at most ${maxTextLength}` : /placeholder/i);
      expect(text).toContain('texts/en/contact.yaml');
    }
    expect(await contentHashes()).toEqual(before);
    await page.context().close();
  }, 300_000);

  it('reports a file changed on disk since the panel opened, does not overwrite it, and offers the new version', async () => {
    const { page } = await open(contactPage('en'));
    await dev.settled();
    await page
      .locator('h1')
      .first()
      .click({ modifiers: ['Alt'] });
    await expect.poll(() => panel(page).isVisible()).toBe(true);
    const target = path.join(dev.contentDir, 'texts/en/contact.yaml');
    // Another editor changes the same text and saves.
    const onDisk = setText(await readFile(target, 'utf8'), ['hero', 'title'], 'Changed in another editor');
    await writeFile(target, onDisk);
    await field(page, 'en').fill('My edit');
    await panel(page).getByRole('button', { name: 'Save' }).click();
    const alert = panel(page).getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/changed on disk/);
    expect(await readFile(target, 'utf8')).toBe(onDisk);
    await panel(page).getByRole('button', { name: 'Load the version on disk' }).click();
    await expect.poll(() => field(page, 'en').inputValue()).toBe('Changed in another editor');
    // What the editor typed is still shown.
    expect(await panel(page).locator('.draft').textContent()).toContain('My edit');
    await page.context().close();
    await dev.settled();
  }, 300_000);

  it('adds an FAQ entry in every language and removes it again', async () => {
    const files = Object.fromEntries(
      await Promise.all(languages.map(async (l) => [l, await contentFile(`texts/${l}/contact.yaml`)])),
    );
    const count = (source: string) => (readValue(source, ['faq', 'items'])!.value as unknown[]).length;
    const { page, violations } = await open(contactPage('en'));
    await dev.settled();
    const question = page.locator('[data-site-key="contact.faq.items.0.question"]').first();
    const entries = await page.locator('[data-site-key$=".question"]').count();
    await question.click({ modifiers: ['Alt'] });
    await expect.poll(() => panel(page).locator('.list').isVisible()).toBe(true);
    await markWindow(page);
    await panel(page).getByRole('button', { name: 'Add an item after this one' }).click();
    await reloaded(page);
    await expect.poll(() => page.locator('[data-site-key$=".question"]').count()).toBe(entries + 1);
    for (const language of languages)
      expect(count(await contentFile(`texts/${language}/contact.yaml`))).toBe(count(files[language]) + 1);

    await page.waitForFunction(() => document.querySelector('site-editor') !== null);
    await page
      .locator('[data-site-key="contact.faq.items.1.question"]')
      .first()
      .click({ modifiers: ['Alt'] });
    await expect.poll(() => panel(page).locator('.list').isVisible()).toBe(true);
    await markWindow(page);
    await panel(page).getByRole('button', { name: 'Remove this item' }).click();
    await reloaded(page);
    await expect.poll(() => page.locator('[data-site-key$=".question"]').count()).toBe(entries);
    for (const language of languages)
      expect(await contentFile(`texts/${language}/contact.yaml`)).toBe(files[language]);
    expect(violations).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('shows each translation’s status from the record, and marks an outdated one as up to date', async () => {
    const [reference, ...translated] = languages;
    const strings = panelStrings(reference);
    const { page, violations } = await open(contactPage(reference));
    await dev.settled();
    const heading = page.locator('h1').first();
    const key = (await heading.getAttribute('data-site-key'))!;
    await heading.click({ modifiers: ['Alt'] });
    await expect.poll(() => panel(page).isVisible()).toBe(true);
    const status = (language: string) =>
      panel(page)
        .locator('.language', { has: page.locator(`textarea[lang="${language}"]`) })
        .locator('.status');
    expect(await status(reference).textContent()).toBe(strings.status.reference);

    // The reference text changes: every translation of it needs a look.
    const newReference = `${await field(page, reference).inputValue()} (nuovo)`;
    await field(page, reference).fill(newReference);
    await markWindow(page);
    await panel(page).getByRole('button', { name: strings.save }).click();
    await reloaded(page);
    await page.waitForFunction(() => document.querySelector('site-editor') !== null);
    await page
      .locator('h1')
      .first()
      .click({ modifiers: ['Alt'] });
    await expect.poll(() => panel(page).isVisible()).toBe(true);
    for (const language of translated)
      expect([strings.status.outdated, strings.status.untranslated]).toContain(
        await status(language).textContent(),
      );
    const [language] = translated;
    const languageField = panel(page).locator('.language', {
      has: page.locator(`textarea[lang="${language}"]`),
    });
    // Said in words, with what to do.
    expect(await languageField.locator('.language__help').textContent()).toMatch(/\w{4,}/);
    await languageField.getByRole('button', { name: strings.markCurrent }).click();
    // Reads every text and record, and writes one: slower than a save's answer on a busy machine.
    await expect.poll(() => status(language).textContent(), { timeout: 60_000 }).toBe(strings.status.current);
    expect(await panel(page).getByRole('status').textContent()).toBe(strings.markedCurrent);
    expect((await readRecord(dev.contentDir, language))[key]).toBe(newReference);
    expect(violations).toEqual([]);
    await page.context().close();
    await dev.settled();
  }, 300_000);

  it('shows the page title and description under page details', async () => {
    const language = languages.at(-1)!;
    const { page } = await open(contactPage(language));
    await page
      .locator('site-editor')
      .getByRole('button', { name: panelStrings(language).pageDetails })
      .click();
    await expect
      .poll(() => panel(page).locator('h3').allTextContents())
      .toEqual(['contact.meta.title', 'contact.meta.description']);
    await page.context().close();
  }, 300_000);

  for (const [width, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 320, height: 640 }],
  ] as const)
    it(`has an axe-clean panel that fits a ${width} width, closes with Escape and gives the focus back`, async () => {
      const language = languages.at(-1)!;
      const { page } = await open(contactPage(language), viewport);
      const heading = page.locator('h1').first();
      await heading.click({ modifiers: ['Alt'] });
      await expect.poll(() => panel(page).isVisible()).toBe(true);
      // Labelled in the page's language.
      expect(
        await panel(page)
          .getByRole('button', { name: panelStrings(language).save })
          .count(),
      ).toBe(1);
      const results = await runAxe(page);
      expect(results.passed).toBeGreaterThan(10);
      expect(
        results.violations.map((violation) => `${violation.id}: ${violation.targets.join(', ')}`),
      ).toEqual([]);
      const overflow = await page.evaluate(() => {
        const dialog = document.querySelector('site-editor')!.shadowRoot!.querySelector('dialog')!;
        return dialog.getBoundingClientRect().right - window.innerWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => panel(page).isVisible()).toBe(false);
      // The panel's close event (which gives the focus back) fires in a task after the dialog hides.
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await page.context().close();
    }, 300_000);

  it('says in the panel’s language that a list at its shortest cannot lose another item', async () => {
    // Last: the FAQ cut down to its first entry in every language, as an editor might.
    await cutFaqToOneEntry(dev.contentDir, languages);
    const language = languages.at(-1)!;
    const strings = panelStrings(language);
    const { page } = await open(contactPage(language));
    await page
      .locator('[data-site-key="contact.faq.items.0.question"]')
      .first()
      .click({ modifiers: ['Alt'] });
    await expect.poll(() => panel(page).locator('.list').isVisible()).toBe(true);
    expect(await panel(page).getByRole('button', { name: strings.removeItem }).isDisabled()).toBe(true);
    expect(await panel(page).locator('.list__note').textContent()).toBe(strings.listMin(1));
    await page.context().close();
  }, 300_000);
});
