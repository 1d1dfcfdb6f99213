/** Shared by the unit tests of the browser scripts (tests/client/lib/). */
import { expect } from 'vitest';

/** The languages as the build bundles them into the scripts, and a copy with Romansh added. */
export const fourLanguages = { codes: ['it', 'en', 'de', 'fr'], default: 'it' };
export const withRomansh = { ...fourLanguages, codes: [...fourLanguages.codes, 'rm'] };

/** What a mail program reads from a mailto link (RFC 6068). */
export function parseMailto(href: string) {
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  const query = href.slice(href.indexOf('?') + 1);
  const parameters = Object.fromEntries(
    query.split('&').map((pair) => {
      const [key, value] = pair.split('=');
      return [key, decodeURIComponent(value)];
    }),
  );
  return {
    to: url.pathname,
    subject: parameters.subject as string | undefined,
    body: parameters.body as string | undefined,
  };
}
