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

interface OpenedWindow {
  url: string;
  target?: string;
  features?: string;
}

/** Mail drafts opened with window.open are recorded, with their target, instead of leaving the page. */
async function recordWindowOpen(page: Page) {
  await page.evaluate(() => {
    const opened: OpenedWindow[] = [];
    (window as unknown as { opened: OpenedWindow[] }).opened = opened;
    window.open = ((url: string, target?: string, features?: string) => {
      opened.push({ url: String(url), target, features });
      return null;
    }) as typeof window.open;
  });
}

const openedWindows = (page: Page) => page.evaluate(() => (window as unknown as { opened: OpenedWindow[] }).opened);

/**
 * Navigations the page asks for (a mailto: location change) as Chromium reports them,
 * of the main frame only: a map frame, once loaded, navigates too.
 */
async function recordNavigations(page: Page): Promise<{ urls: string[]; session: CDPSession }> {
  const session = await page.context().newCDPSession(page);
  const urls: string[] = [];
  await session.send('Page.enable');
  const { frameTree } = await session.send('Page.getFrameTree');
  session.on('Page.frameRequestedNavigation', (event) => {
    if (event.frameId === frameTree.frame.id) urls.push(event.url);
  });
  return { urls, session };
}

function decodeMailto(url: string) {
  const [address, query = ''] = url.replace(/^mailto:/, '').split('?');
  const parameters = Object.fromEntries(query.split('&').map((pair) => pair.split('=').map((part) => decodeURIComponent(part))));
  return { address, subject: parameters.subject as string, body: parameters.body as string };
}

const isVisible = (page: Page, selector: string) => page.locator(selector).isVisible();

/** A notice's title and description as shown. */
const noticeTexts = (page: Page, selector: string) => page.locator(`${selector} p`).allTextContents();

/** The forms' notices in English, word for word. */
const englishNotices = {
  error: ['An error occurred while submitting the form', 'Please try again later or contact us directly'],
  partnership: ['Application sent successfully', 'We will contact you soon to discuss the details.'],
  contact: ['Message sent successfully!', 'Your email client will open to complete the sending.'],
};

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

async function fillContact(page: Page, subject: string) {
  const form = page.locator('form[data-form="contact"]');
  await form.locator('[name="name"]').fill('Jörg Meier');
  await form.locator('[name="email"]').fill('joerg@example.com');
  await form.locator('[name="phone"]').fill('+41 44 000 00 00');
  await form.locator('[name="company"]').fill('Meier & Söhne AG');
  await form.locator('[name="subject"]').fill(subject);
  await form.locator('[name="message"]').fill(`${awkward}\nGrüsse`);
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
        return ['name@example..ch', 'name@example.ch'];
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

  it('clears a field’s message as the visitor corrects it', async () => {
    const page = await site.open('/en/partnership/');
    const form = page.locator('form[data-form="partnership"]');
    await form.locator('button[type="submit"]').click();
    expect(await form.locator('[name="companyName"]').getAttribute('aria-invalid')).toBe('true');
    await form.locator('[name="companyName"]').fill('AB');
    expect(await form.locator('[name="companyName"]').getAttribute('aria-invalid')).toBeNull();
  });

  it('counts characters, not UTF-16 units: emoji at the minimum and at the 500-character maximum', async () => {
    const page = await site.open('/en/partnership/');
    await recordWindowOpen(page);
    const form = page.locator('form[data-form="partnership"]');
    const description = form.locator('[name="description"]');
    const messageOf = async (name: string) => {
      const describedBy = await form.locator(`[name="${name}"]`).getAttribute('aria-describedby');
      return describedBy ? page.locator(`[id="${describedBy}"]`).textContent() : null;
    };
    // One emoji is one character: below the company name's minimum of 2, two of them meet it.
    await form.locator('[name="companyName"]').fill('😀');
    await form.locator('button[type="submit"]').click();
    expect(await messageOf('companyName')).toBe('The company name must be at least 2 characters.');
    await form.locator('[name="companyName"]').fill('😀😀');
    expect(await messageOf('companyName')).toBeNull();

    // With script, maxlength (which counts UTF-16 units) is lifted: 499 characters and an emoji can be typed.
    expect(await description.getAttribute('maxlength')).toBeNull();
    await fillPartnership(page, `${'x'.repeat(499)}😀`);
    expect(await description.inputValue()).toBe(`${'x'.repeat(499)}😀`);
    await description.press('End');
    await description.press('x');
    // Past 500 the message shows as the visitor types, before any submit.
    expect(await messageOf('description')).toBe('The description cannot exceed 500 characters.');
    await description.press('Backspace');
    expect(await messageOf('description')).toBeNull();
    await form.locator('button[type="submit"]').click();
    expect(await openedWindows(page)).toHaveLength(1);
    expect(decodeMailto((await openedWindows(page))[0].url).body).toContain(`${'x'.repeat(499)}😀`);
  });

  it('keeps maxlength for visitors without script', async () => {
    const page = await site.open('/en/partnership/', { javaScriptEnabled: false });
    const description = page.locator('form[data-form="partnership"] [name="description"]');
    expect(await description.getAttribute('maxlength')).toBe('500');
    await description.fill('x'.repeat(501));
    expect(await description.inputValue()).toHaveLength(500);
  });

  it('refuses the addresses the browser’s own type=email refuses, and only those', async () => {
    const page = await site.open('/en/contact/');
    const form = page.locator('form[data-form="contact"]');
    const email = form.locator('[name="email"]');
    const cases: [address: string, valid: boolean][] = [
      ['a@b..cd', false],
      ['a@.b.cd', false],
      ['a@b.cd.', false],
      ['a@-b.cd', false],
      ['a b@c.de', false],
      ['anna@', false],
      [`a@${'b'.repeat(64)}.ch`, false],
      ['a@b.cd', true],
      ['anna+test@example.com', true],
      ['a@intranet', true],
      [`a@${'b'.repeat(63)}.ch`, true],
      // Typed, an international domain becomes its ASCII form (a@xn--bcher-kva.ch) before any check.
      ['a@bücher.ch', true],
    ];
    for (const [address, valid] of cases) {
      await email.fill(address);
      await form.locator('button[type="submit"]').click();
      const refusedByScript = (await email.getAttribute('aria-invalid')) === 'true';
      const refusedByBrowser = await email.evaluate((control: HTMLInputElement) => !control.validity.valid);
      expect(refusedByScript, address).toBe(!valid);
      expect(refusedByScript, `${address}: script and browser agree`).toBe(refusedByBrowser);
    }
  });

  it('opens the partnership draft in a new window with every field intact, then thanks and resets', async () => {
    const page = await site.open('/fr/partenariat/');
    await recordWindowOpen(page);
    const texts = formTexts('fr').partnership;
    const description = `${awkward}\n${'é'.repeat(500 - awkward.length - 1)}`;
    expect(description).toHaveLength(500);
    await fillPartnership(page, description);
    await page.locator('form[data-form="partnership"] button[type="submit"]').click();

    const opened = await openedWindows(page);
    expect(opened).toHaveLength(1);
    expect(opened[0].target).toBe('_blank');
    expect(opened[0].features).toBe('noopener');
    const mail = decodeMailto(opened[0].url);
    expect(mail.address).toBe('info@example.com');
    expect(mail.subject).toBe(texts.mail.subject);
    const lines = mail.body.split('\r\n');
    expect(lines[0]).toBe(`${texts.fields.companyName}: ${awkwardLine}`);
    expect(mail.body).toContain(`${texts.fields.email}: anna+test@example.com`);
    expect(mail.body).toContain(`${texts.fields.description}: ${description.replace(/\n/g, '\r\n')}`);
    expect(mail.body.endsWith(texts.mail.consent.replace('{{email}}', 'info@example.com'))).toBe(true);

    expect(await isVisible(page, '[data-form-success]')).toBe(true);
    expect(await noticeTexts(page, '[data-form-success]')).toEqual([texts.success.title, texts.success.text]);
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
    expect(await noticeTexts(page, '[data-form-error]')).toEqual(englishNotices.error);
    expect(await isVisible(page, '[data-form-success]')).toBe(false);
  });

  it('shows the success notices in English, word for word', async () => {
    const page = await site.open('/en/partnership/');
    await recordWindowOpen(page);
    await fillPartnership(page, 'We resell business mobile plans in Ticino.');
    await page.locator('form[data-form="partnership"] button[type="submit"]').click();
    expect(await noticeTexts(page, '[data-form-success]')).toEqual(englishNotices.partnership);

    const contact = await site.open('/en/contact/');
    const navigations = await recordNavigations(contact);
    await fillContact(contact, 'Offer');
    await contact.locator('form[data-form="contact"] button[type="submit"]').click();
    await expect.poll(() => navigations.urls.length).toBe(1);
    expect(await noticeTexts(contact, '[data-form-success]')).toEqual(englishNotices.contact);
    await navigations.session.detach();
  });

  it('shows the contact form’s error notice when building the draft throws', async () => {
    const page = await site.open('/contatti/');
    const navigations = await recordNavigations(page);
    await fillContact(page, 'Offerta');
    // The draft's encoding is the step that can throw (a browser extension, a broken polyfill).
    await page.evaluate(() => {
      window.encodeURIComponent = () => {
        throw new URIError('broken');
      };
    });
    await page.locator('form[data-form="contact"] button[type="submit"]').click();
    expect(await isVisible(page, '[data-form-error]')).toBe(true);
    const texts = formTexts('it');
    expect(await noticeTexts(page, '[data-form-error]')).toEqual([texts.error.title, texts.error.text]);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-form-error'))).toBe(true);
    expect(await isVisible(page, '[data-form-success]')).toBe(false);
    expect(navigations.urls).toEqual([]);
    // Nothing was sent, so nothing the visitor wrote is lost.
    expect(await page.locator('form[data-form="contact"] [name="message"]').inputValue()).not.toBe('');
    await navigations.session.detach();
  });

  it('shows the German messages beside every invalid contact field and focuses the first', async () => {
    const page = await site.open('/de/kontakt/');
    const texts = formTexts('de').contact;
    const form = page.locator('form[data-form="contact"]');
    await form.locator('button[type="submit"]').click();
    for (const name of contactFields) {
      const describedBy = await form.locator(`[name="${name}"]`).getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent(), name).toBe(texts.errors[name]);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
  });

  const contactPages = { it: '/contatti/', en: '/en/contact/', de: '/de/kontakt/', fr: '/fr/contact/' } as const;
  for (const [language, path] of Object.entries(contactPages)) {
    it(`sends the ${language} contact draft to the mail program with "Contact Request: " and every field, then thanks and resets every field`, async () => {
      const page = await site.open(path);
      const navigations = await recordNavigations(page);
      const texts = formTexts(language).contact;
      const form = page.locator('form[data-form="contact"]');
      const subject = `Offerte? 50% & mehr #2 ${language}`;
      await fillContact(page, subject);
      await form.locator('button[type="submit"]').click();

      await expect.poll(() => navigations.urls.length).toBe(1);
      const mail = decodeMailto(navigations.urls[0]);
      expect(mail.address).toBe('info@example.com');
      // The same prefix in every language (the mail drafts' rule), set once in the site settings.
      expect(mail.subject).toBe(`Contact Request: ${subject}`);
      expect(mail.body.split('\r\n')).toEqual([
        `${texts.fields.name}: Jörg Meier`,
        `${texts.fields.email}: joerg@example.com`,
        `${texts.fields.phone}: +41 44 000 00 00`,
        `${texts.fields.company}: Meier & Söhne AG`,
        `${texts.fields.subject}: ${subject}`,
        `${texts.fields.message}: ${awkwardLine}`,
        'second line',
        'Grüsse',
      ]);
      expect(await isVisible(page, '[data-form-success]')).toBe(true);
      expect(await noticeTexts(page, '[data-form-success]')).toEqual([texts.success.title, texts.success.text]);
      for (const name of contactFields) expect(await form.locator(`[name="${name}"]`).inputValue(), name).toBe('');
      await navigations.session.detach();
    });
  }

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
