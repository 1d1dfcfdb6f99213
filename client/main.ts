/**
 * The script every page loads. Each behaviour enhances markup that already works
 * without script, and runs independently of the others.
 */
import { initConsent } from './lib/consent.ts';
import { initHashScroll } from './lib/hashScroll.ts';
import { initHeader } from './lib/header.ts';
import { runIndependently } from './lib/independently.ts';
import { siteLanguages } from './lib/buildConstants.ts';
import { initLanguage } from './lib/language.ts';

runIndependently({
  header: () => initHeader(document),
  language: () => initLanguage(document, siteLanguages),
  consent: () => initConsent(document),
  hashScroll: () => initHashScroll(document),
});
