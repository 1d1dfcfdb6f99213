/**
 * The complete HTML document around a page: head metadata derived from the route
 * table (canonical, hreflang), the stylesheet, deferred module scripts, and the
 * header, footer and cookie banner around the page's own content.
 */
import type { ReactNode } from 'react';
import { directionOf } from '../generator/model/languages.ts';
import { scriptsFor } from '../generator/model/pages.ts';
import type { PageContext } from './context.ts';
import { consentKeyFor } from '../client/lib/consent.ts';
import { CookieBanner } from './CookieBanner.tsx';
import { Footer, footerId } from './Footer.tsx';
import { Header } from './Header.tsx';
import { pageMeta } from '../generator/model/pageMeta.ts';
import { StructuredData } from './StructuredData.tsx';
import { socialImageSize } from '../generator/model/builtAssets.ts';

export interface DocumentProps {
  ctx: PageContext;
  /** Extra head elements, e.g. a refresh for forwarding pages. */
  head?: ReactNode;
  children: ReactNode;
}

export function Document({ ctx, head, children }: DocumentProps) {
  const { route, origin, assets, content, t, translator } = ctx;
  const { title, description } = pageMeta(route.page, translator, content);
  const absolute = (path: string) => `${origin}${path}`;
  const languages = ctx.routeTable.languages;
  const defaultLanguage = languages.default;
  /** Open Graph writes a locale with an underscore: it_CH. */
  const ogLocale = (language: string) => languages.of(language).locale.replace('-', '_');
  const alternateLanguages = languages.codes.filter((language) => route.alternates[language]);
  const site = content.site;
  const pageUrl = absolute(route.canonicalPath ?? route.path);
  const socialImage = absolute(ctx.socialImages.pathOf(route.page, route.language));
  const fullTitle = `${title} | ${site.brand}`;
  return (
    <html
      lang={route.language}
      // Left to right is HTML's default: only a right-to-left language says its direction.
      dir={directionOf(languages.of(route.language)) === 'rtl' ? 'rtl' : undefined}
      data-cockpit-host={route.path === '/' ? site.cockpitHost : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        {/* Before the stylesheet: a script after a stylesheet waits for it, and the first-visit
            redirect should leave before the Italian page loads anything else. (React still puts
            the title, meta and link tags ahead of it; they block nothing.) */}
        {route.path === '/' && (
          <script dangerouslySetInnerHTML={{ __html: assets.inlineScripts['first-visit'].code }} />
        )}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={description} />
        {route.noindex && <meta name="robots" content="noindex" />}
        {route.canonicalPath && <link rel="canonical" href={absolute(route.canonicalPath)} />}
        {alternateLanguages.length > 1 && (
          <>
            {alternateLanguages.map((language) => (
              <link
                key={language}
                rel="alternate"
                hrefLang={language}
                href={absolute(route.alternates[language]!)}
              />
            ))}
            <link
              rel="alternate"
              hrefLang="x-default"
              href={absolute(route.alternates[defaultLanguage] ?? route.alternates[alternateLanguages[0]]!)}
            />
          </>
        )}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.brand} />
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={pageUrl} />
        <meta property="og:locale" content={ogLocale(route.language)} />
        {alternateLanguages
          .filter((language) => language !== route.language)
          .map((language) => (
            <meta key={language} property="og:locale:alternate" content={ogLocale(language)} />
          ))}
        <meta property="og:image" content={socialImage} />
        <meta property="og:image:type" content="image/png" />
        <meta property="og:image:width" content={String(socialImageSize.width)} />
        <meta property="og:image:height" content={String(socialImageSize.height)} />
        <meta property="og:image:alt" content={title} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={fullTitle} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={socialImage} />
        <meta name="theme-color" content={site.theme.primary} />
        {ctx.icons.links.map((link) => (
          <link key={link.href} rel={link.rel} href={link.href} type={link.type} sizes={link.sizes} />
        ))}
        <link rel="manifest" href={ctx.icons.manifest} />
        <link rel="stylesheet" href={assets.stylesheet} />
        {/* No first paint of a partly parsed page. Chromium's parser yields on a time budget
            (on a busy phone) and waits for HTML still on the way; once the stylesheet is in, it
            may paint what it has: the header's row without its language buttons, or its menu
            before the menu button is parsed (one 24.8 px line of text), moves when the rest
            arrives, and so does a grid of cards showing only its first card. Until the footer,
            not only the header: the whole page, whose HTML is a few KB gzip. It also means the
            legal page's hash opener, a script in the page, has run by the first frame. */}
        <link rel="expect" href={`#${footerId}`} blocking="render" />
        {scriptsFor(route.page).map((entry) => (
          <script key={entry} type="module" src={assets.scripts[entry]} />
        ))}
        {head}
        <StructuredData ctx={ctx} />
      </head>
      <body
        data-language={route.language}
        data-page={route.page}
        data-consent-key={consentKeyFor(site.brand)}
        data-analytics-src={site.analytics.scriptUrl || undefined}
        data-analytics-id={site.analytics.scriptUrl ? site.analytics.siteId : undefined}
        data-legal-paths={
          route.page === 'notFound'
            ? JSON.stringify(
                Object.fromEntries(
                  languages.codes.map((language) => [language, ctx.routeTable.pathOf('legal', language)]),
                ),
              )
            : undefined
        }
      >
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
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
