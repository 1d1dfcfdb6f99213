/** Header: scrolled style past 20 px; the mobile menu button. */
export const scrollThreshold = 20;

export function initHeader(doc: Document) {
  const header = doc.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  const update = () => header.classList.toggle('is-scrolled', window.scrollY > scrollThreshold);
  update();
  window.addEventListener('scroll', update, { passive: true });

  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = header.querySelector<HTMLElement>('[data-mobile-menu]');
  if (!toggle || !menu) return;
  const label = toggle.querySelector<HTMLElement>('.menu-toggle__label');
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
    if (label) label.textContent = (open ? label.dataset.labelClose : label.dataset.labelOpen) ?? '';
  };
  // With script, the menu starts closed behind its button; without, it stays visible.
  toggle.hidden = false;
  setOpen(false);
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
}
