/**
 * Inlined into the head of `/` only, before the stylesheet, so a first visitor
 * whose browser speaks English, German or French is sent on before the Italian
 * page paints or waits for CSS. Its sha256 is listed in the Content-Security-Policy.
 */
import { siteLanguages } from '../lib/buildConstants.ts';
import { decideFirstVisit } from '../lib/firstVisit.ts';
import { languageKey, readStored, redirectDoneKey, writeStored } from '../lib/storage.ts';

/**
 * Hosts without rules serve the home page on the cockpit host: forward to the
 * cockpit landing page. Returns whether it did, since a later location.replace
 * (the language redirect) would otherwise win over this one.
 */
function forwardCockpitHost(): boolean {
  const cockpitHost = document.documentElement.dataset.cockpitHost;
  if (!cockpitHost || location.hostname !== cockpitHost || location.pathname !== '/') return false;
  location.replace(__SITE_COCKPIT_PATH__);
  return true;
}

function redirectFirstVisit(): void {
  const decision = decideFirstVisit({
    path: location.pathname,
    storedLanguage: readStored('localStorage', languageKey),
    redirectDone: readStored('sessionStorage', redirectDoneKey) !== null,
    userAgent: navigator.userAgent,
    browserLanguage: navigator.language || '',
    languages: siteLanguages,
  });
  if (decision.setRedirectDone) writeStored('sessionStorage', redirectDoneKey, 'true');
  if (decision.target) location.replace(decision.target + location.search + location.hash);
}

if (!forwardCockpitHost()) redirectFirstVisit();
