/**
 * Constants the build gives the inline scripts (client/inline/) only, through esbuild's
 * `define` (generator/build/assets.ts). Declared in this file rather than in the script, as the
 * text of a bundled file sways the minifier's choice of names and so the script's CSP hash.
 */

/** The cockpit landing page's path in the default language, from the route table, e.g. `/cockpit/`. */
declare const __SITE_COCKPIT_PATH__: string;
