/**
 * Inlined into the head of `/` only, so a first visitor whose browser speaks
 * English, German or French is sent on before the Italian page paints. Its
 * sha256 is listed in the Content-Security-Policy.
 */
import { decideFirstVisit } from '../lib/firstVisit.ts';
import { languageKey, readStored, redirectDoneKey, writeStored } from '../lib/storage.ts';

// Hosts without rules serve the home page on the cockpit host: forward to the cockpit landing page.
const cockpitHost = document.documentElement.dataset.cockpitHost;
if (cockpitHost && location.hostname === cockpitHost && location.pathname === '/') location.replace('/cockpit/');

const decision = decideFirstVisit({
  path: location.pathname,
  storedLanguage: readStored('localStorage', languageKey),
  redirectDone: readStored('sessionStorage', redirectDoneKey) !== null,
  userAgent: navigator.userAgent,
  browserLanguage: navigator.language || '',
});
if (decision.setRedirectDone) writeStored('sessionStorage', redirectDoneKey, 'true');
if (decision.target) location.replace(decision.target + location.search + location.hash);
