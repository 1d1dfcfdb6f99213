/** nginx.conf as written: quoted header values, the security headers in every location, the assets' cache. */
import { beforeAll, describe, expect, it } from 'vitest';
import { nginxString } from '../../../generator/hosting/nginx.ts';
import { securityHeaderNames, securityHeaders } from '../../helpers/hostFiles.ts';
import { caching } from '../../helpers/hosts.ts';
import type { MemoryBuild } from '../../helpers/memoryBuild.ts';
import { sharedBuild } from '../../helpers/sharedBuild.ts';

let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

describe('nginx.conf', () => {
  it('quotes header values so nginx reads the CSP’s single and the Permissions-Policy’s double quotes', () => {
    const conf = site.text('nginx.conf');
    expect(nginxString(`a 'b' "c"`)).toBe(`"a 'b' \\"c\\""`);
    expect(conf).toContain(
      `add_header Permissions-Policy ${nginxString(securityHeaders(site)['Permissions-Policy'])} always;`,
    );
    expect(conf).toContain(
      `add_header Content-Security-Policy ${nginxString(securityHeaders(site)['Content-Security-Policy'])} always;`,
    );
    expect(conf).not.toMatch(/add_header [\w-]+ '/);
  });

  it('sends the security headers from every location that sets headers, the redirect included', () => {
    const conf = site.text('nginx.conf');
    const locations = conf
      .split(/\n(?=location )/)
      .filter((block) => block.startsWith('location') && block.includes('add_header'));
    expect(locations.some((block) => block.includes('return 301'))).toBe(true);
    for (const block of locations)
      for (const name of securityHeaderNames)
        expect(block, block.split('\n')[0]).toContain(`add_header ${name} `);
    expect((conf.match(/\{/g) ?? []).length).toBe((conf.match(/\}/g) ?? []).length);
  });

  it('caches assets a year only when they are found, and sends a missing one to the site’s 404 page', () => {
    const assets = /location \^~ \/assets\/ \{[^}]*\}/.exec(site.text('nginx.conf'))![0];
    expect(assets).toContain(`add_header Cache-Control "${caching.assets}";`);
    expect(assets).not.toMatch(/immutable" always/);
    expect(assets).toContain('error_page 404 /404.html;');
  });
});
