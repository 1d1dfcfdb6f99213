/**
 * Header: the scrolled style past 20 px, and the mobile menu. The menu is a
 * native `<details>` disclosure, so it starts closed and opens and closes
 * without script; the script adds what the element lacks: aria-expanded on its
 * button, focus into the menu when it opens, Escape, and closing when the
 * visitor navigates (a link in it, a hash change, back/forward from the cache)
 * or the screen grows past the mobile breakpoint. Nothing here changes layout.
 */
export const scrollThreshold = 20;

export function initHeader(doc: Document): void {
  const header = doc.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  const updateScrolled = () => header.classList.toggle('is-scrolled', window.scrollY > scrollThreshold);
  updateScrolled();
  window.addEventListener('scroll', updateScrolled, { passive: true });

  const menu = header.querySelector<HTMLDetailsElement>('details[data-menu]');
  const toggle = menu?.querySelector<HTMLElement>('[data-menu-toggle]');
  if (!menu || !toggle) return;
  const sync = () => toggle.setAttribute('aria-expanded', String(menu.open));
  const close = () => {
    menu.open = false;
    sync();
  };
  sync();
  menu.addEventListener('toggle', () => {
    sync();
    if (menu.open) menu.querySelector<HTMLElement>('#mobile-menu a')?.focus();
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.open) return;
    close();
    toggle.focus();
  });
  // A link in the menu navigates (or scrolls to a hash): the menu closes either way.
  menu.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('a')) close();
  });
  // Back/forward restores pages from the cache with the menu as it was left.
  window.addEventListener('pageshow', close);
  window.addEventListener('hashchange', close);
  window.matchMedia('(min-width: 768px)').addEventListener('change', (event) => {
    if (event.matches) close();
  });
}
