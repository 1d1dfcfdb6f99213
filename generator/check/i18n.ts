/**
 * i18n: every text of the reference language (Italian) exists in every language,
 * no page shows the missing-translation marker, every page the route table promises
 * was built, and translations made for an older Italian text are listed (from the
 * translation record, content/translations/: no git history needed) so a
 * translator knows what to revisit.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isSiteError } from '../errors/siteError.ts';
import { missingMarker } from '../build/translations.ts';
import { readSiteStructure } from '../content/siteStructure.ts';
import { readTranslationState } from '../translations/status.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

export const gate: Gate = {
  name: 'i18n',
  description:
    'every text of the default language exists in every other language; no ⚠️ marker on a page; every route built; outdated translations listed',
  async run({ dir, contentDir, pages, forwarded }: CheckContext) {
    const problems: Problem[] = [];
    const display = (file: string) => path.relative(process.cwd(), path.join(contentDir, file));

    const { languages, routeTable } = await readSiteStructure(contentDir);
    const defaultLanguage = languages.default;
    const nameOf = (language: string) => `${languages.of(language).name} (${language})`;
    // The record says which Italian text each translation was made or confirmed for.
    const state = await readTranslationState(contentDir).catch((error: unknown) => {
      if (!isSiteError(error)) throw error;
      problems.push({ severity: 'error', page: display('translations'), message: error.message });
      return undefined;
    });
    const texts = state?.texts ?? [];
    const referenceKeys = new Set(texts.map((text) => text.key));
    for (const text of texts.filter((candidate) => candidate.status === 'missing'))
      problems.push({
        severity: 'error',
        page: display(text.file),
        message: `missing translation: ${text.key} (${nameOf(text.language)} pages show the ${nameOf(defaultLanguage)} text)`,
      });

    for (const page of [...pages, ...forwarded]) {
      const html = await readFile(path.join(dir, page.file), 'utf8');
      const at = html.indexOf(missingMarker);
      if (at !== -1)
        problems.push({
          severity: 'error',
          page: page.path,
          message: `shows the missing-translation marker: "${html.slice(at, at + 60).split('<')[0]}"`,
        });
    }

    // One line: a build that lacks one page of the table usually lacks many.
    const routes = routeTable.routes;
    const unbuilt = routes
      .filter((route) => !existsSync(path.join(dir, route.file)))
      .map((route) => route.path);
    if (unbuilt.length > 0) {
      const shown = 8;
      problems.push({
        severity: 'error',
        page: unbuilt[0],
        message: `${plural(unbuilt.length, 'page')} of the route table not built: ${unbuilt.slice(0, shown).join(', ')}${unbuilt.length > shown ? `, … and ${unbuilt.length - shown} more` : ''}`,
      });
    }

    const outdated = texts.filter((text) => text.status === 'outdated');
    for (const item of outdated)
      problems.push({
        severity: 'warning',
        page: display(item.file),
        message: `outdated translation: ${item.key}: ${nameOf(defaultLanguage)} changed since the ${nameOf(item.language)} translation was made or confirmed, from "${item.recorded}" to "${item.reference}" (site translations status)`,
      });
    const untranslated = texts.filter((text) => text.status === 'untranslated');
    if (untranslated.length > 0)
      problems.push({
        severity: 'info',
        page: display('translations'),
        message: `${plural(untranslated.length, 'translation')} never checked against ${nameOf(defaultLanguage)} (untranslated in the record): review and confirm them (site translations status)`,
      });
    const checkedKeys = referenceKeys.size * (languages.codes.length - 1);
    return {
      problems,
      checked: checkedKeys + routes.length,
      summary: `${plural(referenceKeys.size, 'key')} × ${languages.codes.length - 1} languages, ${plural(routes.length, 'route')}, ${plural(outdated.length, 'outdated translation')}`,
    };
  },
};
