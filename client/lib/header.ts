/**
 * Header: the scrolled style past 20 px, and the mobile menu. Without script the
 * menu's links are simply visible on small screens; with script they sit behind
 * the button, which says whether the menu is open (aria-expanded).
 */
export const scrollThreshold = 20;

export function initHeader(doc: Document): void {
  const header = doc.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  const updateScrolled = () => header.classList.toggle('is-scrolled', window.scrollY > scrollThreshold);
  updateScrolled();
  window.addEventListener('scroll', updateScrolled, { passive: true });

  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = header.querySelector<HTMLElement>('[data-mobile-menu]');
  if (!toggle || !menu) return;
  const label = toggle.querySelector<HTMLElement>('.menu-toggle__label');
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean, { returnFocus = false } = {}) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
    if (label) label.textContent = (open ? label.dataset.labelClose : label.dataset.labelOpen) ?? '';
    if (open) menu.querySelector<HTMLElement>('a')?.focus();
    else if (returnFocus) toggle.focus();
  };

  toggle.hidden = false;
  setOpen(false);
  toggle.addEventListener('click', () => setOpen(!isOpen()));
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) setOpen(false, { returnFocus: true });
  });
  // A link in the menu navigates (or scrolls to a hash): the menu closes either way.
  menu.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('a')) setOpen(false);
  });
  // Back/forward restores pages from the cache with the menu as it was left.
  window.addEventListener('pageshow', () => setOpen(false));
  window.addEventListener('hashchange', () => setOpen(false));
  window.matchMedia('(min-width: 768px)').addEventListener('change', (event) => {
    if (event.matches) setOpen(false);
  });
}
