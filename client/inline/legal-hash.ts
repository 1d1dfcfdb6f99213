/**
 * Inlined on the legal page after its documents, so the one a hash names
 * (`/condizioni/#privacy-policy`, where /privacy leads) is open before the first
 * paint (the page holds that paint until its footer is parsed). Opened later,
 * by the page's script, it would push everything below it down: a layout shift
 * of about 0.3 on a desktop and 0.5 on a phone. Its sha256 is listed in the
 * Content-Security-Policy.
 */
import { idFromHash } from '../lib/hash.ts';

const id = idFromHash(location.hash);
const target = id ? document.getElementById(id) : null;
const accordion = target?.closest('details[data-legal-document]');
// `<details name>` closes the document the route opened; the page script does it where the browser cannot.
if (accordion instanceof HTMLDetailsElement) accordion.open = true;
