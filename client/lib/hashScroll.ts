/** With a hash in the address, scroll to its element after 100 ms: smoothly, or instantly under reduced motion. */
import { idFromHash } from './hash.ts';

export const hashScrollDelay = 100;

export function scrollToHash(doc: Document): void {
  const id = idFromHash(location.hash);
  if (!id) return;
  window.setTimeout(() => {
    const target = doc.getElementById(id);
    if (!target) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, hashScrollDelay);
}

export function initHashScroll(doc: Document): void {
  scrollToHash(doc);
  window.addEventListener('hashchange', () => scrollToHash(doc));
}
