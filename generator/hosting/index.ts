/**
 * The host registry: every host target the build writes rules for. Adding a host
 * is one module in this folder (a HostTarget turning the rules model into its
 * files) and one entry below; the list of host files, which every host hides
 * from visitors and `site preview` refuses to serve, derives from it.
 */
import { apache } from './apache.ts';
import { netlify } from './netlify.ts';
import { nginx } from './nginx.ts';
import { caching, type HostingRules, type HostTarget } from './rules.ts';

export { createHostingRules } from './rules.ts';
import { vercel } from './vercel.ts';
import type { OutputFile } from '../model/builtAssets.ts';

export const hostTargets: readonly HostTarget[] = [netlify, vercel, nginx, apache];

/** Every host configuration file the build writes, by name (`_redirects`, `nginx.conf`, …). */
export const hostConfigFiles: readonly string[] = hostTargets.flatMap((target) =>
  target.files.map((file) => file.name),
);

/**
 * The rules that depend on nothing in the content. `site preview` applies them to
 * any folder it serves, even one without host files.
 */
export const fixedHostingRules: Readonly<Pick<HostingRules, 'hiddenFiles' | 'caching'>> = {
  hiddenFiles: hostConfigFiles.map((name) => `/${name}`),
  caching,
};

export function buildHostingFiles(rules: HostingRules): OutputFile[] {
  return hostTargets.flatMap((target) =>
    target.files.map((file) => ({ path: file.name, contents: file.write(rules) })),
  );
}
