/** The site's sticky header: brand, main navigation, language buttons, mobile menu. */
import { headerPageIds, type HeaderPageId, type PageId } from '../generator/model/pages.ts';
import type { PageContext } from './context.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { BrandMark } from './logos.tsx';

/** The registry's header entries, in its order. */
const navigation = headerPageIds;
type NavigationPage = HeaderPageId;

/**
 * The header entry that is this very page. The cookie policy and the privacy
 * forward are other pages than the legal one, so no entry is current there.
 */
function activeEntry(page: PageId): NavigationPage | undefined {
  return (navigation as readonly string[]).includes(page) ? (page as NavigationPage) : undefined;
}

function NavigationLinks({ ctx }: { ctx: PageContext }) {
  const { route, routeTable, t } = ctx;
  const active = activeEntry(route.page);
  return (
    <ul className="nav-links">
      {navigation.map((page) => (
        <li key={page}>
          <a
            href={routeTable.pathOf(page, route.language)}
            aria-current={page === active ? 'page' : undefined}
          >
            {t(`common.nav.${page}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Header({ ctx }: { ctx: PageContext }) {
  const { route, routeTable, t, content } = ctx;
  return (
    <header className="site-header" data-site-header="">
      <div className="site-header__inner">
        <a
          className="brand"
          href={routeTable.pathOf('home', route.language)}
          aria-label={t('common.header.homeLabel')}
        >
          <BrandMark />
          <span className="brand__name">{content.site.brand}</span>
        </a>
        <nav className="site-nav" aria-label={t('common.header.navLabel')}>
          <NavigationLinks ctx={ctx} />
        </nav>
        <div className="site-header__languages">
          <LanguageSwitcher ctx={ctx} placement="header" />
        </div>
        {/* A native disclosure: closed from the first paint, usable without script; its panel
            overlays the page below the header, so opening it moves nothing. Both labels share
            one place, so the button keeps its width when the label changes. */}
        <details className="mobile-menu" data-menu="">
          <summary className="menu-toggle" aria-controls="mobile-menu" data-menu-toggle="">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="menu-toggle__labels">
              <span className="menu-toggle__open">{t('common.header.openMenu')}</span>
              <span className="menu-toggle__close">{t('common.header.closeMenu')}</span>
            </span>
          </summary>
          <div className="mobile-menu__panel" id="mobile-menu" data-mobile-menu="">
            <nav aria-label={t('common.header.mobileNavLabel')}>
              <NavigationLinks ctx={ctx} />
            </nav>
            <LanguageSwitcher ctx={ctx} placement="menu" />
          </div>
        </details>
      </div>
    </header>
  );
}
