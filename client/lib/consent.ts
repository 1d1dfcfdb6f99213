/**
 * Cookie consent: the banner shows while no choice is stored; all, essential and
 * none are stored under the brand's key. Analytics loads only with `all`, now or
 * on a later visit; before a choice, or with the other two, nothing is requested.
 * Withdrawing consent after analytics has loaded reloads the page without it.
 * Third parties' frames (the maps) likewise load only with `all`, or when the
 * visitor asks for one with its button.
 */
export const consentValues = ['all', 'essential', 'none'] as const;
export type ConsentValue = (typeof consentValues)[number];

import { readStored, writeStored } from './storage.ts';

/**
 * The storage key of the consent choice, made from the brand at build time:
 * NFKC (so full-width or ligature forms match their plain letters), lower case,
 * every run of anything but letters, combining marks and digits turned into
 * '-', no '-' at either end. Letters of any script are kept ("Öko Mobile" ->
 * "öko-mobile-cookie-consent"); marks are kept because in many scripts they are
 * part of the letter. A brand with no letter or digit still gets a key.
 */
export function consentKeyFor(brand: string): string {
  const slug = brand
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'site'}-cookie-consent`;
}

function isConsentValue(value: unknown): value is ConsentValue {
  return typeof value === 'string' && (consentValues as readonly string[]).includes(value);
}

function startAnalytics(doc: Document): void {
  const { analyticsSrc, analyticsId } = doc.body.dataset;
  if (!analyticsSrc || doc.querySelector('script[data-analytics]')) return;
  const script = doc.createElement('script');
  script.src = analyticsSrc;
  script.async = true;
  script.dataset.analytics = '';
  if (analyticsId) script.dataset.siteId = analyticsId;
  doc.head.append(script);
}

/** Loads a third party's frame (templates/ConsentFrame.tsx) in place of its notice. */
function showFrame(container: Element, focus = false): void {
  const frame = container.querySelector<HTMLIFrameElement>('iframe[data-src]');
  const notice = container.querySelector<HTMLElement>('[data-consent-frame-notice]');
  if (!frame?.dataset.src || frame.getAttribute('src')) return;
  frame.src = frame.dataset.src;
  frame.hidden = false;
  if (notice) notice.hidden = true;
  // The button that had focus is gone with its notice.
  if (focus) frame.focus();
}

const showFrames = (doc: Document) => doc.querySelectorAll('[data-consent-frame]').forEach((container) => showFrame(container));

/** Each frame's button loads that frame; "accept all", now or earlier, loads every one. */
function initFrames(doc: Document, stored: string | null): void {
  for (const container of doc.querySelectorAll('[data-consent-frame]')) {
    const button = container.querySelector<HTMLButtonElement>('[data-consent-frame-load]');
    if (!button) continue;
    button.hidden = false;
    button.addEventListener('click', () => showFrame(container, true));
  }
  if (stored === 'all') showFrames(doc);
}

export function initConsent(doc: Document): void {
  const key = doc.body.dataset.consentKey;
  const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
  const stored = key ? readStored('localStorage', key) : null;
  initFrames(doc, stored);
  if (!key || !banner) return;
  if (stored === 'all') startAnalytics(doc);
  if (!isConsentValue(stored)) banner.hidden = false;

  banner.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-consent]');
    const choice = button?.dataset.consent;
    if (!isConsentValue(choice)) return;
    writeStored('localStorage', key, choice);
    // A loaded analytics script cannot be unloaded: withdrawing consent reloads the
    // page, which then starts without it.
    if (choice !== 'all' && doc.querySelector('script[data-analytics]')) {
      doc.defaultView?.location.reload();
      return;
    }
    banner.hidden = true;
    // The focused button is gone: continue from the start of the page's content.
    doc.getElementById('main')?.focus({ preventScroll: true });
    if (choice === 'all') {
      startAnalytics(doc);
      showFrames(doc);
    }
  });

  // The footer's "cookie settings" button brings the banner back to change the choice.
  // Without script it stays hidden: there is then nothing to consent to.
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-cookie-settings]')) {
    const item = button.closest<HTMLElement>('[hidden]');
    if (item) item.hidden = false;
    button.addEventListener('click', () => {
      banner.hidden = false;
      banner.querySelector<HTMLButtonElement>('button[data-consent]')?.focus();
    });
  }
}
