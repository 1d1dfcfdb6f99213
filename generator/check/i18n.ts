/**
 * i18n: every text of the reference language (Italian) exists in every language,
 * no page shows the missing-translation marker, every page the route table promises
 * was built, and translations older than their Italian text are listed with both
 * dates (from git) so a translator knows what to revisit.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { missingMarker } from '../build/translations.ts';
import { readSiteStructure } from './siteStructure.ts';
import { isShallowHistory, outdatedTranslations, readTextFiles } from './translationAge.ts';
import { plural, type CheckContext, type Gate, type Problem } from './types.ts';

const minute = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

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
    const textFiles = await readTextFiles(contentDir, languages);
    const referenceKeys = textFiles
      .filter((file) => file.language === defaultLanguage)
      .flatMap((file) => file.entries.map((entry) => entry.key));
    for (const language of languages.codes.filter((candidate) => candidate !== defaultLanguage)) {
      const present = new Set(
        textFiles
          .filter((file) => file.language === language)
          .flatMap((file) => file.entries.filter((entry) => !entry.empty).map((entry) => entry.key)),
      );
      for (const key of referenceKeys.filter((candidate) => !present.has(candidate))) {
        const namespace = key.split('.')[0];
        problems.push({
          severity: 'error',
          page: display(`texts/${language}/${namespace}.yaml`),
          message: `missing translation: ${key} (${nameOf(language)} pages show the ${nameOf(defaultLanguage)} text)`,
        });
      }
    }

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

    const outdated = await outdatedTranslations(contentDir, textFiles, defaultLanguage);
    if (outdated && (await isShallowHistory(contentDir))) {
      problems.push({
        severity: 'info',
        page: display('texts'),
        message:
          'the git history is shallow, so translations may look up to date when they are not: fetch the full history (git fetch --unshallow)',
      });
    }
    if (outdated === undefined) {
      problems.push({
        severity: 'info',
        page: display('texts'),
        message: 'outdated translations not checked: the content is not in a git repository',
      });
    } else {
      for (const item of outdated) {
        problems.push({
          severity: 'warning',
          page: display(item.file),
          message: `outdated translation: ${item.key}: ${nameOf(defaultLanguage)} changed ${minute(item.referenceChanged)}, ${nameOf(item.language)} last changed ${minute(item.translationChanged)} (UTC)`,
        });
      }
    }
    const checkedKeys = referenceKeys.length * (languages.codes.length - 1);
    return {
      problems,
      checked: checkedKeys + routes.length,
      summary: `${plural(referenceKeys.length, 'key')} × ${languages.codes.length - 1} languages, ${plural(routes.length, 'route')}${outdated ? `, ${plural(outdated.length, 'outdated translation')}` : ''}`,
    };
  },
};
