/**
 * The partnership and contact forms in Chromium: messages from the page's
 * language beside each field, focus on the first invalid one, the exact mail
 * draft for awkward input, success and error notices, and the browser's own
 * checks without script.
 */
import { readFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formRules, type FieldRule, type FieldSpec } from '../../client/lib/formRules.ts';
import { hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => site?.close());

/** The form texts of a language, as editors wrote them. */
const formTexts = (language: string) => parseYaml(readFileSync(`content/texts/${language}/forms.yaml`, 'utf8'));
const partnershipFields = Object.keys(formRules.partnership);
const contactFields = Object.keys(formRules.contact);

/** Every character that means something in a URL, quotes, line breaks and an emoji. */
const awkwardLine = `Rossi & Figli SA? #1 100% "quoted" 'single' a+b=c 🚀 ü`;
/** The same with a line break, for the text areas (single-line inputs drop line breaks). */
const awkward = `${awkwardLine}\nsecond line`;

/** Mail drafts opened with window.open are recorded instead of leaving the page. */
async function recordWindowOpen(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { opened: string[] }).opened = [];
    window.open = ((url: string) => {
      (window as unknown as { opened: string[] }).opened.push(String(url));
      return null;
    }) as typeof window.open;
  });
}

/** Navigations the page asks for (a mailto: location change) as Chromium reports them. */
async function recordNavigations(page: Page): Promise<{ urls: string[]; session: CDPSession }> {
  const session = await page.context().newCDPSession(page);
  const urls: string[] = [];
  await session.send('Page.enable');
  session.on('Page.frameRequestedNavigation', (event) => urls.push(event.url));
  return { urls, session };
}

function decodeMailto(url: string) {
  const [address, query = ''] = url.replace(/^mailto:/, '').split('?');
  const parameters = Object.fromEntries(query.split('&').map((pair) => pair.split('=').map((part) => decodeURIComponent(part))));
  return { address, subject: parameters.subject as string, body: parameters.body as string };
}

const isVisible = (page: Page, selector: string) => page.locator(selector).isVisible();

async function fillPartnership(page: Page, description: string) {
  const form = page.locator('form[data-form="partnership"]');
  await form.locator('[name="companyName"]').fill(awkwardLine);
  await form.locator('[name="contactPerson"]').fill('Anna Müller-Rossi');
  await form.locator('[name="address"]').fill('Via Example 1, c/o "Casa" & Co.');
  await form.locator('[name="postalCode"]').fill('6900');
  await form.locator('[name="city"]').fill('Lugano');
  await form.locator('[name="email"]').fill('anna+test@example.com');
  await form.locator('[name="phone"]').fill('+41 91 000 00 02');
  await form.locator('[name="description"]').fill(description);
  await form.locator('[name="consent"]').check();
}

describe.skipIf(!hasChromium)('forms', () => {
  for (const [language, path] of [['en', '/en/partnership/'], ['it', '/partnership/'], ['de', '/de/partnerschaft/']] as const) {
    it(`shows the ${language} messages beside every invalid partnership field and focuses the first`, async () => {
      const page = await site.open(path);
      const messages = formTexts(language).partnership.errors;
      await page.locator('form[data-form="partnership"] button[type="submit"]').click();
      for (const name of partnershipFields) {
        const control = page.locator(`form[data-form="partnership"] [name="${name}"]`);
        expect(await control.getAttribute('aria-invalid'), name).toBe('true');
        const describedBy = await control.getAttribute('aria-describedby');
        const message = await page.locator(`[id="${describedBy}"]`).textContent();
        expect(message, name).toBe(messages[name === 'description' ? 'descriptionMin' : name]);
        expect(await page.locator(`[id="${describedBy}"]`).isVisible()).toBe(true);
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('companyName');
      expect(await isVisible(page, '[data-form-success]')).toBe(false);
    });
  }

  /** For each rule: a value that just breaks it and one that just passes it. */
  const boundary = (rule: FieldRule): [invalid: string | boolean, valid: string | boolean] => {
    switch (rule.kind) {
      case 'minLength':
        return ['x'.repeat(rule.value - 1), 'x'.repeat(rule.value)];
      case 'maxLength':
        return ['x'.repeat(rule.value + 1), 'x'.repeat(rule.value)];
      case 'email':
        return ['name@example', 'name@example.ch'];
      case 'checked':
        return [false, true];
    }
  };

  const formPages = { partnership: { fr: '/fr/partenariat/', it: '/partnership/' }, contact: { it: '/contatti/', fr: '/fr/contact/' } } as const;
  for (const [formId, pages] of Object.entries(formPages) as [keyof typeof formPages, Record<string, string>][]) {
    for (const [language, path] of Object.entries(pages)) {
      it(`applies every ${formId} rule of the table at its boundary, with the ${language} message`, async () => {
        const page = await site.open(path);
        const form = page.locator(`form[data-form="${formId}"]`);
        const messages = formTexts(language)[formId].errors;
        for (const [name, spec] of Object.entries(formRules[formId]) as [string, FieldSpec][]) {
          const control = form.locator(`[name="${name}"]`);
          for (const rule of spec.rules) {
            const [invalid, valid] = boundary(rule);
            // Set directly, so maxlength cannot trim the over-long value before the script sees it.
            const set = (value: string | boolean) =>
              control.evaluate((element: HTMLInputElement, next) => {
                if (typeof next === 'boolean') element.checked = next;
                else element.value = next;
              }, value);
            await set(invalid);
            await form.locator('button[type="submit"]').click();
            expect(await control.getAttribute('aria-invalid'), `${name} ${rule.kind}`).toBe('true');
            const describedBy = await control.getAttribute('aria-describedby');
            expect(await page.locator(`[id="${describedBy}"]`).textContent(), `${name} ${rule.kind}`).toBe(messages[rule.message]);
            await set(valid);
            await form.locator('button[type="submit"]').click();
            expect(await control.getAttribute('aria-invalid'), `${name} ${rule.kind} passes`).toBeNull();
          }
        }
      });
    }
  }

  it('clears a field’s message as the visitor corrects it, and enforces the 500-character limit', async () => {
    const page = await site.open('/en/partnership/');
    const form = page.locator('form[data-form="partnership"]');
    await form.locator('button[type="submit"]').click();
    await form.locator('[name="companyName"]').fill('AB');
    expect(await form.locator('[name="companyName"]').getAttribute('aria-invalid')).toBeNull();
    // The browser stops typing at maxlength; a value set otherwise (autofill, paste by script) is caught on submit.
    await fillPartnership(page, 'x'.repeat(501));
    expect(await form.locator('[name="description"]').inputValue()).toHaveLength(500);
    await form.locator('[name="description"]').evaluate((control: HTMLTextAreaElement) => {
      control.value = 'x'.repeat(501);
    });
    await form.locator('button[type="submit"]').click();
    const describedBy = await form.locator('[name="description"]').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('The description cannot exceed 500 characters.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('description');
  });

  it('opens the partnership draft in a new window with every field intact, then thanks and resets', async () => {
    const page = await site.open('/fr/partenariat/');
    await recordWindowOpen(page);
    const texts = formTexts('fr').partnership;
    const description = `${awkward}\n${'é'.repeat(500 - awkward.length - 1)}`;
    expect(description).toHaveLength(500);
    await fillPartnership(page, description);
    await page.locator('form[data-form="partnership"] button[type="submit"]').click();

    const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    expect(opened).toHaveLength(1);
    const mail = decodeMailto(opened[0]);
    expect(mail.address).toBe('info@example.com');
    expect(mail.subject).toBe(texts.mail.subject);
    const lines = mail.body.split('\r\n');
    expect(lines[0]).toBe(`${texts.fields.companyName}: ${awkwardLine}`);
    expect(mail.body).toContain(`${texts.fields.email}: anna+test@example.com`);
    expect(mail.body).toContain(`${texts.fields.description}: ${description.replace(/\n/g, '\r\n')}`);
    expect(mail.body.endsWith(texts.mail.consent.replace('{{email}}', 'info@example.com'))).toBe(true);

    expect(await isVisible(page, '[data-form-success]')).toBe(true);
    expect(await page.locator('[data-form-success]').textContent()).toContain(texts.success.title);
    for (const name of partnershipFields.filter((field) => field !== 'consent')) {
      expect(await page.locator(`form[data-form="partnership"] [name="${name}"]`).inputValue(), name).toBe('');
    }
    expect(await page.locator('form[data-form="partnership"] [name="consent"]').isChecked()).toBe(false);
  });

  it('shows the error notice when opening the draft throws', async () => {
    const page = await site.open('/en/partnership/');
    await page.evaluate(() => {
      window.open = () => {
        throw new Error('blocked');
      };
    });
    await fillPartnership(page, 'We resell business mobile plans in Ticino.');
    await page.locator('form[data-form="partnership"] button[type="submit"]').click();
    expect(await isVisible(page, '[data-form-error]')).toBe(true);
    expect(await page.locator('[data-form-error]').textContent()).toContain('An error occurred while submitting the form');
    expect(await isVisible(page, '[data-form-success]')).toBe(false);
  });

  it('sends the contact draft to the mail program with "Contact Request: " and every field', async () => {
    const page = await site.open('/de/kontakt/');
    const navigations = await recordNavigations(page);
    const texts = formTexts('de').contact;
    const form = page.locator('form[data-form="contact"]');
    await form.locator('button[type="submit"]').click();
    for (const name of contactFields) {
      const describedBy = await form.locator(`[name="${name}"]`).getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent(), name).toBe(texts.errors[name]);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

    await form.locator('[name="name"]').fill('Jörg Meier');
    await form.locator('[name="email"]').fill('joerg@example.com');
    await form.locator('[name="phone"]').fill('+41 44 000 00 00');
    await form.locator('[name="company"]').fill('Meier & Söhne AG');
    await form.locator('[name="subject"]').fill('Offerte? 50% & mehr #2');
    await form.locator('[name="message"]').fill(`${awkward}\nGrüsse`);
    await form.locator('button[type="submit"]').click();

    await expect.poll(() => navigations.urls.length).toBe(1);
    const mail = decodeMailto(navigations.urls[0]);
    expect(mail.address).toBe('info@example.com');
    expect(mail.subject).toBe('Contact Request: Offerte? 50% & mehr #2');
    expect(mail.body.split('\r\n')).toEqual([
      `${texts.fields.name}: Jörg Meier`,
      `${texts.fields.email}: joerg@example.com`,
      `${texts.fields.phone}: +41 44 000 00 00`,
      `${texts.fields.company}: Meier & Söhne AG`,
      `${texts.fields.subject}: Offerte? 50% & mehr #2`,
      `${texts.fields.message}: ${awkwardLine}`,
      'second line',
      'Grüsse',
    ]);
    expect(await isVisible(page, '[data-form-success]')).toBe(true);
    expect(await form.locator('[name="message"]').inputValue()).toBe('');
    await navigations.session.detach();
  });

  it('still checks required fields and minimum lengths without script', async () => {
    const page = await site.open('/en/contact/', { javaScriptEnabled: false });
    const form = page.locator('form[data-form="contact"]');
    await form.locator('button[type="submit"]').click();
    expect(page.url()).toBe(`${site.url}/en/contact/`);
    expect(await form.locator('[name="name"]').evaluate((control: HTMLInputElement) => control.validity.valueMissing)).toBe(true);
    await form.locator('[name="name"]').fill('A');
    expect(await form.locator('[name="name"]').evaluate((control: HTMLInputElement) => control.validity.tooShort)).toBe(true);
    expect(await form.evaluate((element: HTMLFormElement) => element.checkValidity())).toBe(false);
  });
});
