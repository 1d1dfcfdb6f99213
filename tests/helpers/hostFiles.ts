/** What the tests of the host writers (tests/generator/hosting/) read from the host files of the run's shared build. */
import type { MemoryBuild } from './memoryBuild.ts';
import { securityHeadersOf } from './hosts.ts';

/** The security headers every host sends on every answer, in the order the host files write them. */
export const securityHeaderNames = [
  'Content-Security-Policy',
  'Strict-Transport-Security',
  'X-Content-Type-Options',
  'Referrer-Policy',
  'Permissions-Policy',
  'X-Frame-Options',
];

/** The build's assets, as the URL paths a host serves them at. */
export const assetFiles = (site: MemoryBuild) =>
  site.paths.filter((file) => file.startsWith('assets/')).map((file) => `/${file}`);

/** The security headers as `_headers` writes them for every path, by name. */
export const securityHeaders = (site: MemoryBuild) =>
  Object.fromEntries(securityHeadersOf(site.text('_headers')));
