/** .htaccess as written, carrying every rule of the hosting model. */
import { beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderNames } from '../../helpers/hostFiles.ts';
import { caching } from '../../helpers/hosts.ts';
import type { MemoryBuild } from '../../helpers/memoryBuild.ts';
import { sharedBuild } from '../../helpers/sharedBuild.ts';
import { realLoadedContent, realRouteTable } from '../../helpers/routeTable.ts';

/** The rules' paths and host from the route table and the settings: no slug of today. */
const routeTable = realRouteTable;
const first = routeTable.languages.default;
const privacyForward = routeTable.routes.find((route) => route.page === 'privacyRedirect')!;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

describe('.htaccess', () => {
  it('carries every rule', () => {
    const conf = site.text('.htaccess');
    expect(conf).toContain(
      `RewriteRule ^${privacyForward.path.slice(1, -1)}/?$ ${privacyForward.redirectTo} [R=301,NE,L]`,
    );
    expect(conf).toContain(
      `RewriteCond %{HTTP_HOST} ^${escapeRegExp(realLoadedContent.site.cockpitHost)}\\.?(?::\\d+)?$ [NC]\n` +
        `RewriteRule ^$ ${routeTable.pathOf('cockpit', first)}index.html [L]`,
    );
    const englishLegal = routeTable.pathOf('legal', 'en');
    expect(conf).toContain(`RewriteRule ^${englishLegal.slice(1)}[^/]+/?$ ${englishLegal}index.html [L]`);
    expect(conf).toContain('ErrorDocument 404 /404.html');
    expect(conf).toContain('<If "%{REQUEST_URI} =~ m#^/de/#">\n  ErrorDocument 404 /de/404.html\n</If>');
    expect(conf).toContain('DirectorySlash On');
    for (const name of securityHeaderNames) expect(conf).toContain(`Header always set ${name} "`);
    expect(conf).toContain(`Header set Cache-Control "${caching.assets}"`);
    expect(conf).toContain(`Header set Cache-Control "${caching.html}"`);
  });
});
