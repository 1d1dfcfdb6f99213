/**
 * Legal accordions: `<details name>` already keeps one open at a time in current
 * browsers; where the browser lacks it, closing the others is done here. A hash
 * naming an accordion (`#privacy-policy`, where /privacy leads) opens it.
 */
import { idFromHash } from './hash.ts';

export function initAccordions(doc: Document): void {
  const accordions = [...doc.querySelectorAll<HTMLDetailsElement>('details[data-legal-document]')];
  if (accordions.length === 0) return;

  const nativeExclusive = 'name' in HTMLDetailsElement.prototype;
  if (!nativeExclusive) {
    for (const accordion of accordions) {
      accordion.addEventListener('toggle', () => {
        if (!accordion.open) return;
        for (const other of accordions) if (other !== accordion) other.open = false;
      });
    }
  }

  const openFromHash = () => {
    const id = idFromHash(location.hash);
    const target = id ? doc.getElementById(id) : null;
    const accordion = target?.closest<HTMLDetailsElement>('details[data-legal-document]');
    if (!accordion) return;
    accordion.open = true;
    if (!nativeExclusive) for (const other of accordions) if (other !== accordion) other.open = false;
  };
  openFromHash();
  window.addEventListener('hashchange', openFromHash);
}
