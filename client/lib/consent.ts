/**
 * Cookie consent: the banner shows while no choice is stored; all, essential and
 * none are stored under the brand's key. Analytics loads only with `all`, now or
 * on a later visit; before a choice, or with the other two, nothing is requested.
 * The same holds for third parties' frames (the maps): each waits behind a
 * placeholder until the visitor loads it with its button, or at once with `all`.
 * Withdrawing consent after analytics or a frame has loaded reloads the page without them.
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

/** Replaces a placeholder by the frame waiting in its `<template>` (see templates/ConsentFrame.tsx). */
function loadFrame(holder: Element, focus?: boolean): void {
  const frame = holder.querySelector('template')?.content.firstElementChild;
  if (!frame) return;
  holder.replaceChildren(frame);
  // The button that had focus is gone: the map takes it.
  if (focus) (frame as HTMLElement).focus();
}

const loadFrames = (doc: Document) =>
  doc.querySelectorAll('[data-consent-frame]').forEach((holder) => loadFrame(holder));

export function initConsent(doc: Document): void {
  for (const button of doc.querySelectorAll<HTMLButtonElement>('[data-consent-frame] button')) {
    button.hidden = false;
    button.onclick = () => loadFrame(button.closest('[data-consent-frame]')!, true);
  }
  const key = doc.body.dataset.consentKey;
  const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!key || !banner) return;
  const stored = readStored('localStorage', key);
  if (stored === 'all') {
    startAnalytics(doc);
    loadFrames(doc);
  }
  if (!isConsentValue(stored)) banner.hidden = false;

  banner.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-consent]');
    const choice = button?.dataset.consent;
    if (!isConsentValue(choice)) return;
    writeStored('localStorage', key, choice);
    // A loaded analytics script cannot be unloaded: withdrawing consent reloads the
    // page, which then starts without it, and with the frames behind their placeholders.
    if (choice !== 'all' && doc.querySelector('script[data-analytics],[data-consent-frame] iframe')) {
      doc.defaultView?.location.reload();
      return;
    }
    banner.hidden = true;
    // The focused button is gone: continue from the start of the page's content.
    doc.getElementById('main')?.focus({ preventScroll: true });
    if (choice === 'all') {
      startAnalytics(doc);
      loadFrames(doc);
    }
  });

  // The footer's "cookie settings" button brings the banner back to change the choice.
  // Without script it stays invisible (its place is kept, so showing it moves nothing):
  // there is then nothing to consent to.
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-cookie-settings]')) {
    button.closest('[data-cookie-settings-item]')?.classList.add('is-enabled');
    button.addEventListener('click', () => {
      banner.hidden = false;
      banner.querySelector<HTMLButtonElement>('button[data-consent]')?.focus();
    });
  }
}
