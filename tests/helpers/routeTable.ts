/** The route table of the real content (its languages and slugs), as the build makes it. */
import { loadContent } from '../../generator/content.ts';
import { createRouteTable } from '../../generator/routes.ts';
import { realContent } from './site.ts';

const content = await loadContent(realContent);

export const realLanguages = content.languages;
export const realSlugs = content.slugs;
export const realRouteTable = createRouteTable({ languages: content.languages, slugs: content.slugs });
