/**
 * The script every page loads. Each behaviour enhances markup that already works
 * without script.
 */
import { initConsent } from './lib/consent.ts';
import { initHashScroll } from './lib/hashScroll.ts';
import { initHeader } from './lib/header.ts';
import { initLanguage } from './lib/language.ts';
import { handleNotFound } from './lib/notFound.ts';

initHeader(document);
initLanguage(document);
initConsent(document);
initHashScroll(document);
if (document.body.dataset.page === 'notFound') handleNotFound(document);
