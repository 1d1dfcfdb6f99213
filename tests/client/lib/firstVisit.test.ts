/** Where the first visit of a session to / goes: the stored language, else the browser's, never for bots. */
import { describe, expect, it } from 'vitest';
import { decideFirstVisit, type FirstVisitInput } from '../../../client/lib/firstVisit.ts';
import { fourLanguages, withRomansh } from '../../helpers/client.ts';

describe('first-visit decision', () => {
  const base: FirstVisitInput = {
    path: '/',
    storedLanguage: null,
    redirectDone: false,
    userAgent: 'Mozilla/5.0 Chrome/156',
    browserLanguage: 'it-CH',
    languages: fourLanguages,
  };
  it('follows the browser language for en, de and fr only', () => {
    expect(decideFirstVisit({ ...base, browserLanguage: 'en-US' })).toEqual({
      target: '/en/',
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, browserLanguage: 'de-CH' })).toEqual({
      target: '/de/',
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, browserLanguage: 'fr' })).toEqual({
      target: '/fr/',
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, browserLanguage: 'es-ES' })).toEqual({
      target: undefined,
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, browserLanguage: 'it-CH' })).toEqual({
      target: undefined,
      setRedirectDone: true,
    });
  });
  it('decides only on /, once per session and never for bots, setting the flag whenever it decides', () => {
    expect(decideFirstVisit({ ...base, path: '/a-page/', browserLanguage: 'en' })).toEqual({
      setRedirectDone: false,
    });
    expect(decideFirstVisit({ ...base, redirectDone: true, browserLanguage: 'en' })).toEqual({
      setRedirectDone: true,
    });
    expect(
      decideFirstVisit({
        ...base,
        userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0)',
        browserLanguage: 'en',
      }),
    ).toEqual({ setRedirectDone: true });
  });
  it('lets a valid stored language win over the browser language, on the first / of a session only', () => {
    expect(decideFirstVisit({ ...base, storedLanguage: 'it', browserLanguage: 'en' })).toEqual({
      target: undefined,
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, storedLanguage: 'de', browserLanguage: 'en' })).toEqual({
      target: '/de/',
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, storedLanguage: 'en', browserLanguage: 'it-CH' })).toEqual({
      target: '/en/',
      setRedirectDone: true,
    });
    // Later in the session the Italian home stays reachable, whatever is stored.
    expect(decideFirstVisit({ ...base, storedLanguage: 'en', redirectDone: true })).toEqual({
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, storedLanguage: 'fr', userAgent: 'Googlebot/2.1' })).toEqual({
      setRedirectDone: true,
    });
  });
  it('ignores an invalid stored language and follows the browser', () => {
    expect(decideFirstVisit({ ...base, storedLanguage: 'xx', browserLanguage: 'fr-CH' })).toEqual({
      target: '/fr/',
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, storedLanguage: 'EN', browserLanguage: 'it-CH' })).toEqual({
      target: undefined,
      setRedirectDone: true,
    });
  });
  it('takes its languages from the build: a fifth language redirects like the others', () => {
    expect(decideFirstVisit({ ...base, browserLanguage: 'rm-CH', languages: withRomansh })).toEqual({
      target: '/rm/',
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, storedLanguage: 'rm', languages: withRomansh })).toEqual({
      target: '/rm/',
      setRedirectDone: true,
    });
    expect(decideFirstVisit({ ...base, storedLanguage: 'rm', browserLanguage: 'fr' })).toEqual({
      target: '/fr/',
      setRedirectDone: true,
    });
  });
});
