/**
 * The build stages that run template code (rendering, social images, icons),
 * bundled by `site dev` into a fresh module after each template edit (see
 * templateCode.ts): Node never forgets an imported module, so new template code
 * needs a module under a new name.
 */
export { renderPage } from '../build/render.ts';
export { buildSocialImages } from '../build/social.ts';
export { buildIcons } from '../build/icons.ts';
