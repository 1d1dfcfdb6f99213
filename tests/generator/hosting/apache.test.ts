/** .htaccess as written, carrying every rule of the hosting model. */
import { beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderNames } from '../../helpers/hostFiles.ts';
import { caching } from '../../helpers/hosts.ts';
import type { MemoryBuild } from '../../helpers/memoryBuild.ts';
import { sharedBuild } from '../../helpers/sharedBuild.ts';

let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

describe('.htaccess', () => {
  it('carries every rule', () => {
    const conf = site.text('.htaccess');
    expect(conf).toContain('RewriteRule ^privacy/?$ /condizioni/#privacy-policy [R=301,NE,L]');
    expect(conf).toContain(
      'RewriteCond %{HTTP_HOST} ^cockpit\\.example\\.com\\.?(?::\\d+)?$ [NC]\nRewriteRule ^$ /cockpit/index.html [L]',
    );
    expect(conf).toContain('RewriteRule ^en/legal/[^/]+/?$ /en/legal/index.html [L]');
    expect(conf).toContain('ErrorDocument 404 /404.html');
    expect(conf).toContain('<If "%{REQUEST_URI} =~ m#^/de/#">\n  ErrorDocument 404 /de/404.html\n</If>');
    expect(conf).toContain('DirectorySlash On');
    for (const name of securityHeaderNames) expect(conf).toContain(`Header always set ${name} "`);
    expect(conf).toContain(`Header set Cache-Control "${caching.assets}"`);
    expect(conf).toContain(`Header set Cache-Control "${caching.html}"`);
  });
});
