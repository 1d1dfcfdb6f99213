/**
 * The complete HTML document around a page: head metadata derived from the route
 * table (canonical, hreflang), the stylesheet, deferred module scripts, and the
 * header, footer and cookie banner around the page's own content.
 */
import type { ReactNode } from 'react';
import type { PageId } from '../generator/routes.ts';
import { defaultLanguage, languages } from '../generator/schema.ts';
import type { PageContext } from './context.ts';
import { CookieBanner } from './CookieBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** Every page loads `main`; pages with forms or accordions add their own entry. */
const pageScripts: Partial<Record<PageId, string[]>> = {
  partnership: ['forms'],
  contact: ['forms'],
  legal: ['legal'],
};

export function scriptsFor(page: PageId): string[] {
  return ['main', ...(pageScripts[page] ?? [])];
}

export interface DocumentProps {
  ctx: PageContext;
  title: string;
  description: string;
  /** Extra head elements, e.g. a refresh for forwarding pages. */
  head?: ReactNode;
  children: ReactNode;
}

export function Document({ ctx, title, description, head, children }: DocumentProps) {
  const { route, origin, assets, content, t } = ctx;
  const absolute = (path: string) => `${origin}${path}`;
  const alternateLanguages = languages.filter((language) => route.alternates[language]);
  const site = content.site;
  return (
    <html lang={route.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} | ${site.brand}`}</title>
        <meta name="description" content={description} />
        {route.noindex && <meta name="robots" content="noindex" />}
        {route.canonicalPath && <link rel="canonical" href={absolute(route.canonicalPath)} />}
        {alternateLanguages.length > 1 && (
          <>
            {alternateLanguages.map((language) => (
              <link key={language} rel="alternate" hrefLang={language} href={absolute(route.alternates[language]!)} />
            ))}
            <link rel="alternate" hrefLang="x-default" href={absolute(route.alternates[defaultLanguage] ?? route.alternates[alternateLanguages[0]]!)} />
          </>
        )}
        <meta name="theme-color" content={site.theme.primary} />
        <link rel="stylesheet" href={assets.stylesheet} />
        {route.path === '/' && <script dangerouslySetInnerHTML={{ __html: assets.inlineScripts['first-visit'].code }} />}
        {scriptsFor(route.page).map((entry) => (
          <script key={entry} type="module" src={assets.scripts[entry]} />
        ))}
        {head}
      </head>
      <body
        data-language={route.language}
        data-page={route.page}
        data-consent-key={`${site.brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-cookie-consent`}
        data-analytics-src={site.analytics.scriptUrl || undefined}
        data-analytics-id={site.analytics.scriptUrl ? site.analytics.siteId : undefined}
      >
        <a className="skip-link" href="#main">{t('common.skipToContent')}</a>
        <CookieBanner ctx={ctx} />
        <Header ctx={ctx} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer ctx={ctx} />
      </body>
    </html>
  );
}
