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
import { realLoadedContent, realRouteTable } from '../helpers/routeTable.ts';
import { handedToDesktop, hasChromium, startSite, type SiteUnderTest } from '../helpers/browser.ts';

let site: SiteUnderTest;
/**
 * One page, in one context, for every test with script: each test loads its page
 * afresh with `goto` (a new document, so nothing a test set on `window` carries over),
 * and no test depends on storage (consent is stored before each load, as always).
 * A new context per test would cost a busy machine about three times as much.
 */
let page: Page;
beforeAll(async () => {
  site = await startSite();
  page = await (await site.context()).newPage();
});
afterAll(async () => site?.close());

/** Loads one of the site's pages, fresh, in the shared page. */
async function visit(path: string, on: Page = page): Promise<Page> {
  const url = `${site.url}${path}`;
  // A test that ends by sending a complete contact form leaves the page navigating to its
  // mailto: address, handed to the system's mail program; that can abort the next load once.
  await on.goto(url).catch(async (error: Error) => {
    if (!error.message.includes('net::ERR_ABORTED')) throw error;
    await on.goto(url);
  });
  return on;
}

/** The path of a form's page in a language, from the route table. */
const pathOf = (page: 'partnership' | 'contact', language: string) => realRouteTable.pathOf(page, language);
/** Where the forms send their drafts, and the contact draft's subject prefix: the site settings. */
const { email: siteEmail, forms: formSettings } = realLoadedContent.site;

/** The form texts of a language, as editors wrote them. */
const formTexts = (language: string) =>
  parseYaml(readFileSync(`content/texts/${language}/forms.yaml`, 'utf8'));
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

const openedWindows = (page: Page) =>
  page.evaluate(() => (window as unknown as { opened: OpenedWindow[] }).opened);

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
  const parameters = Object.fromEntries(
    query.split('&').map((pair) => pair.split('=').map((part) => decodeURIComponent(part))),
  );
  return { address, subject: parameters.subject as string, body: parameters.body as string };
}

const isVisible = (page: Page, selector: string) => page.locator(selector).isVisible();

interface FieldState {
  /** The control's aria-invalid, null when absent. */
  invalid: string | null;
  /** The text of the message aria-describedby points to; null when it points nowhere. */
  message: string | null;
  /** Whether that message is shown (rendered, not hidden, with a size), as Playwright's isVisible judges. */
  messageShown: boolean;
}

/** The fields' states read in one round trip, instead of three or four calls per field. */
const fieldStates = (
  page: Page,
  formId: string,
  names: readonly string[],
): Promise<Record<string, FieldState>> =>
  page.evaluate(
    ([formId, names]) =>
      Object.fromEntries(
        names.map((name) => {
          const control = document.querySelector(`form[data-form="${formId}"] [name="${name}"]`);
          const describedBy = control?.getAttribute('aria-describedby');
          const message = describedBy ? document.getElementById(describedBy) : null;
          const box = message?.getBoundingClientRect();
          const messageShown =
            !!message &&
            !!box &&
            message.checkVisibility({ visibilityProperty: true }) &&
            box.width > 0 &&
            box.height > 0;
          return [
            name,
            {
              invalid: control?.getAttribute('aria-invalid') ?? null,
              message: message?.textContent ?? null,
              messageShown,
            },
          ];
        }),
      ),
    [formId, names] as const,
  );

/** Every control's value (a checkbox: whether it is checked), in one round trip. */
const controlValues = (
  page: Page,
  formId: string,
  names: readonly string[],
): Promise<Record<string, string | boolean>> =>
  page.evaluate(
    ([formId, names]) =>
      Object.fromEntries(
        names.map((name) => {
          const control = document.querySelector<HTMLInputElement>(
            `form[data-form="${formId}"] [name="${name}"]`,
          );
          return [name, control?.type === 'checkbox' ? control.checked : (control?.value ?? 'missing')];
        }),
      ),
    [formId, names] as const,
  );

/** A notice's title and description as shown. */
const noticeTexts = (page: Page, selector: string) => page.locator(`${selector} p`).allTextContents();

/** The forms' notices in English, word for word as the English texts have them (an editor may reword them). */
const englishTexts = realLoadedContent.texts.en.forms as Record<
  'error' | 'partnership' | 'contact',
  { title: string; text: string; success: { title: string; text: string } }
>;
const englishNotices = {
  error: [englishTexts.error.title, englishTexts.error.text],
  partnership: [englishTexts.partnership.success.title, englishTexts.partnership.success.text],
  contact: [englishTexts.contact.success.title, englishTexts.contact.success.text],
};

/** The partnership form's test values but the description, typed by fillPartnership or set at once by setPartnership. */
const partnershipValues = {
  companyName: awkwardLine,
  contactPerson: 'Anna Müller-Rossi',
  address: 'Via Prova 1, c/o "Casa" & Co.',
  postalCode: '6900',
  city: 'Lugano',
  email: 'anna+test@example.com',
  phone: '+41 91 000 00 02',
};

/** The same values as fillPartnership, consent given, set in one round trip (no input events: the submit reads the values). */
const setPartnership = (page: Page, description: string) =>
  page.evaluate(
    (values) => {
      const form = document.querySelector<HTMLFormElement>('form[data-form="partnership"]');
      for (const [name, value] of Object.entries(values))
        (form?.elements.namedItem(name) as HTMLInputElement).value = value;
      (form?.elements.namedItem('consent') as HTMLInputElement).checked = true;
    },
    { ...partnershipValues, description },
  );

async function fillPartnership(page: Page, description: string) {
  const form = page.locator('form[data-form="partnership"]');
  for (const [name, value] of Object.entries({ ...partnershipValues, description }))
    await form.locator(`[name="${name}"]`).fill(value);
  await form.locator('[name="consent"]').check();
}

/** The contact form's test values, typed by fillContact or set at once by setContact. */
const contactValues = (subject: string) => ({
  name: 'Jörg Meier',
  email: 'joerg@example.com',
  phone: '+41 44 000 00 00',
  company: 'Meier & Söhne AG',
  subject,
  message: `${awkward}\nGrüsse`,
});

async function fillContact(page: Page, subject: string) {
  const form = page.locator('form[data-form="contact"]');
  for (const [name, value] of Object.entries(contactValues(subject)))
    await form.locator(`[name="${name}"]`).fill(value);
}

/** The same values as fillContact, set in one round trip (no input events: the submit reads the values). */
const setContact = (page: Page, subject: string) =>
  page.evaluate((values) => {
    const form = document.querySelector<HTMLFormElement>('form[data-form="contact"]');
    for (const [name, value] of Object.entries(values))
      (form?.elements.namedItem(name) as HTMLInputElement).value = value;
  }, contactValues(subject));

describe.skipIf(!hasChromium)('forms', () => {
  // Each language's messages are checked; the click that shows them is the behaviour, so each language clicks.
  for (const language of ['en', 'it', 'de']) {
    it(`shows the ${language} messages beside every invalid partnership field and focuses the first`, async () => {
      await visit(pathOf('partnership', language));
      const messages = formTexts(language).partnership.errors;
      await page.locator('form[data-form="partnership"] button[type="submit"]').click();
      const states = await fieldStates(page, 'partnership', partnershipFields);
      for (const name of partnershipFields) {
        expect(states[name].invalid, name).toBe('true');
        expect(states[name].message, name).toBe(messages[name === 'description' ? 'descriptionMin' : name]);
        expect(states[name].messageShown, name).toBe(true);
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

  const formLanguages = { partnership: ['fr', 'it'], contact: ['it', 'fr'] } as const;
  for (const [formId, languages] of Object.entries(formLanguages) as [
    keyof typeof formLanguages,
    readonly string[],
  ][]) {
    for (const language of languages) {
      it(`applies every ${formId} rule of the table at its boundary, with the ${language} message`, async () => {
        await visit(pathOf(formId, language));
        // The last valid value completes the form, which then opens its draft: recorded, not opened.
        await recordWindowOpen(page);
        const messages = formTexts(language)[formId].errors;
        const steps = (Object.entries(formRules[formId]) as [string, FieldSpec][]).flatMap(([name, spec]) =>
          spec.rules.flatMap((rule) =>
            boundary(rule).map((value, index) => ({
              name,
              value,
              label: `${name} ${rule.kind}${index === 0 ? '' : ' passes'}`,
              message: index === 0 ? messages[rule.message] : undefined,
            })),
          ),
        );
        // Every step in one round trip: set the value directly (so maxlength cannot trim the
        // over-long value before the script sees it), submit, read what the field then says.
        // requestSubmit, not a click: clicking the button is the behaviour of the tests above.
        const observed = await page.evaluate(
          ([formId, steps]) => {
            const form = document.querySelector<HTMLFormElement>(`form[data-form="${formId}"]`)!;
            return steps.map(({ name, value }) => {
              const control = form.elements.namedItem(name) as HTMLInputElement;
              if (typeof value === 'boolean') control.checked = value;
              else control.value = value;
              form.requestSubmit();
              const describedBy = control.getAttribute('aria-describedby');
              return {
                invalid: control.getAttribute('aria-invalid'),
                message: describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null,
              };
            });
          },
          [formId, steps] as const,
        );
        expect(observed).toHaveLength(steps.length);
        steps.forEach((step, index) => {
          if (step.message === undefined) {
            expect(observed[index].invalid, step.label).toBeNull();
          } else {
            expect(observed[index].invalid, step.label).toBe('true');
            expect(observed[index].message, step.label).toBe(step.message);
          }
        });
      });
    }
  }

  it('clears a field’s message as the visitor corrects it', async () => {
    await visit(pathOf('partnership', 'en'));
    const form = page.locator('form[data-form="partnership"]');
    await form.locator('button[type="submit"]').click();
    expect(await form.locator('[name="companyName"]').getAttribute('aria-invalid')).toBe('true');
    await form.locator('[name="companyName"]').fill('AB');
    expect(await form.locator('[name="companyName"]').getAttribute('aria-invalid')).toBeNull();
  });

  it('counts characters, not UTF-16 units: emoji at the minimum and at the 500-character maximum', async () => {
    await visit(pathOf('partnership', 'en'));
    await recordWindowOpen(page);
    const form = page.locator('form[data-form="partnership"]');
    const description = form.locator('[name="description"]');
    const messageOf = async (name: string) => (await fieldStates(page, 'partnership', [name]))[name].message;
    // One emoji is one character: below the company name's minimum of 2, two of them meet it.
    await form.locator('[name="companyName"]').fill('😀');
    await form.locator('button[type="submit"]').click();
    const messages = formTexts('en').partnership.errors;
    expect(await messageOf('companyName')).toBe(messages.companyName);
    await form.locator('[name="companyName"]').fill('😀😀');
    expect(await messageOf('companyName')).toBeNull();

    // With script, maxlength (which counts UTF-16 units) is lifted: 499 characters and an emoji can be typed.
    expect(await description.getAttribute('maxlength')).toBeNull();
    await fillPartnership(page, `${'x'.repeat(499)}😀`);
    expect(await description.inputValue()).toBe(`${'x'.repeat(499)}😀`);
    await description.press('End');
    await description.press('x');
    // Past 500 the message shows as the visitor types, before any submit.
    expect(await messageOf('description')).toBe(messages.descriptionMax);
    await description.press('Backspace');
    expect(await messageOf('description')).toBeNull();
    await form.locator('button[type="submit"]').click();
    const opened = await openedWindows(page);
    expect(opened).toHaveLength(1);
    expect(decodeMailto(opened[0].url).body).toContain(`${'x'.repeat(499)}😀`);
  });

  it('refuses the addresses the browser’s own type=email refuses, and only those', async () => {
    await visit(pathOf('contact', 'en'));
    const email = page.locator('form[data-form="contact"] [name="email"]');
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
      // Submitted and read in one round trip; the submit button's click is the behaviour of other tests.
      const { refusedByScript, refusedByBrowser } = await email.evaluate((control: HTMLInputElement) => {
        control.form?.requestSubmit();
        return {
          refusedByScript: control.getAttribute('aria-invalid') === 'true',
          refusedByBrowser: !control.validity.valid,
        };
      });
      expect(refusedByScript, address).toBe(!valid);
      expect(refusedByScript, `${address}: script and browser agree`).toBe(refusedByBrowser);
    }
  });

  it('opens the partnership draft in a new window with every field intact, then thanks and resets', async () => {
    await visit(pathOf('partnership', 'fr'));
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
    expect(mail.address).toBe(siteEmail);
    expect(mail.subject).toBe(texts.mail.subject);
    const lines = mail.body.split('\r\n');
    expect(lines[0]).toBe(`${texts.fields.companyName}: ${awkwardLine}`);
    expect(mail.body).toContain(`${texts.fields.email}: anna+test@example.com`);
    expect(mail.body).toContain(`${texts.fields.description}: ${description.replace(/\n/g, '\r\n')}`);
    expect(mail.body.endsWith(texts.mail.consent.replace('{{email}}', siteEmail))).toBe(true);

    expect(await isVisible(page, '[data-form-success]')).toBe(true);
    expect(await noticeTexts(page, '[data-form-success]')).toEqual([texts.success.title, texts.success.text]);
    const values = await controlValues(page, 'partnership', partnershipFields);
    for (const name of partnershipFields) expect(values[name], name).toBe(name === 'consent' ? false : '');
  });

  it('shows the error notice when opening the draft throws', async () => {
    await visit(pathOf('partnership', 'en'));
    await page.evaluate(() => {
      window.open = () => {
        throw new Error('blocked');
      };
    });
    await setPartnership(page, 'We resell business mobile plans in Ticino.');
    await page.locator('form[data-form="partnership"] button[type="submit"]').click();
    expect(await isVisible(page, '[data-form-error]')).toBe(true);
    expect(await noticeTexts(page, '[data-form-error]')).toEqual(englishNotices.error);
    expect(await isVisible(page, '[data-form-success]')).toBe(false);
  });

  it('shows the success notices in English, word for word', async () => {
    await visit(pathOf('partnership', 'en'));
    await recordWindowOpen(page);
    await setPartnership(page, 'We resell business mobile plans in Ticino.');
    await page.locator('form[data-form="partnership"] button[type="submit"]').click();
    expect(await noticeTexts(page, '[data-form-success]')).toEqual(englishNotices.partnership);

    await visit(pathOf('contact', 'en'));
    const navigations = await recordNavigations(page);
    await setContact(page, 'Offer');
    await page.locator('form[data-form="contact"] button[type="submit"]').click();
    await expect.poll(() => navigations.urls.length).toBe(1);
    expect(await noticeTexts(page, '[data-form-success]')).toEqual(englishNotices.contact);
    await navigations.session.detach();
  });

  it('shows the contact form’s error notice when building the draft throws', async () => {
    await visit(pathOf('contact', 'it'));
    const navigations = await recordNavigations(page);
    await setContact(page, 'Offerta');
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
    await visit(pathOf('contact', 'de'));
    const texts = formTexts('de').contact;
    await page.locator('form[data-form="contact"] button[type="submit"]').click();
    const states = await fieldStates(page, 'contact', contactFields);
    for (const name of contactFields) expect(states[name].message, name).toBe(texts.errors[name]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
  });

  for (const language of realRouteTable.languages.codes) {
    it(`sends the ${language} contact draft to the mail program with the subject prefix and every field, then thanks and resets every field`, async () => {
      await visit(pathOf('contact', language));
      const navigations = await recordNavigations(page);
      const texts = formTexts(language).contact;
      const subject = `Offerte? 50% & mehr #2 ${language}`;
      // Each language's labels and notice are checked; typing every field is done in one language,
      // the others set the same values at once (typing is not what differs between languages).
      if (language === 'it') await fillContact(page, subject);
      else await setContact(page, subject);
      await page.locator('form[data-form="contact"] button[type="submit"]').click();

      await expect.poll(() => navigations.urls.length).toBe(1);
      // Handed to the visitor's mail program, which the test browsers only log. Chromium starts it
      // as a process of its own: on a busy machine that takes longer than the poll's default second.
      await expect.poll(handedToDesktop, { timeout: 20_000 }).toContain(`xdg-email ${navigations.urls[0]}`);
      const mail = decodeMailto(navigations.urls[0]);
      expect(mail.address).toBe(siteEmail);
      // The same prefix in every language (the mail drafts' rule), set once in the site settings.
      expect(mail.subject).toBe(`${formSettings.contactSubjectPrefix}${subject}`);
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
      expect(await noticeTexts(page, '[data-form-success]')).toEqual([
        texts.success.title,
        texts.success.text,
      ]);
      const values = await controlValues(page, 'contact', contactFields);
      for (const name of contactFields) expect(values[name], name).toBe('');
      await navigations.session.detach();
    });
  }

  describe('without script', () => {
    /** One page in one context without script, shared by the tests below like the page above. */
    let noScript: Page;
    beforeAll(async () => {
      noScript = await (await site.context({ javaScriptEnabled: false })).newPage();
    });

    it('keeps maxlength for visitors without script', async () => {
      await visit(pathOf('partnership', 'en'), noScript);
      const description = noScript.locator('form[data-form="partnership"] [name="description"]');
      expect(await description.getAttribute('maxlength')).toBe('500');
      await description.fill('x'.repeat(501));
      expect(await description.inputValue()).toHaveLength(500);
    });

    it('still checks required fields and minimum lengths without script', async () => {
      await visit(pathOf('contact', 'en'), noScript);
      const form = noScript.locator('form[data-form="contact"]');
      // The click is the behaviour here: the browser's own checks stop the submit.
      await form.locator('button[type="submit"]').click();
      expect(noScript.url()).toBe(`${site.url}${pathOf('contact', 'en')}`);
      expect(
        await form
          .locator('[name="name"]')
          .evaluate((control: HTMLInputElement) => control.validity.valueMissing),
      ).toBe(true);
      await form.locator('[name="name"]').fill('A');
      expect(
        await form
          .locator('[name="name"]')
          .evaluate((control: HTMLInputElement) => control.validity.tooShort),
      ).toBe(true);
      expect(await form.evaluate((element: HTMLFormElement) => element.checkValidity())).toBe(false);
    });
  });
});
