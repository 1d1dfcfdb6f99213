/**
 * A copy of the real content with an editor's edits applied, as an editor would make
 * them: text put into or taken out of a YAML file. Each edit names its file and what
 * to replace, so a test fails loudly if the content no longer holds what it edits.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { publishedAddresses } from '../../generator/check/content.ts';
import { realLoadedContent, realRouteTable } from './routeTable.ts';
import { copyRealContent, makeTempDir, realContent } from './site.ts';

export interface Edit {
  /** Relative to the content folder: `plans.yaml`, `texts/it/home.yaml`. */
  file: string;
  /** Replaces the text `find` (a string or a pattern) with `replace`; without `find`, appends `replace`. */
  find?: string | RegExp;
  replace: string;
}

export async function applyEdits(contentDir: string, edits: Edit[]): Promise<void> {
  for (const edit of edits) {
    const file = path.join(contentDir, edit.file);
    const before = await readFile(file, 'utf8');
    if (edit.find === undefined) {
      await writeFile(file, `${before.replace(/\n*$/, '\n')}${edit.replace}`);
      continue;
    }
    const found = typeof edit.find === 'string' ? before.includes(edit.find) : edit.find.test(before);
    if (!found) throw new Error(`The edit of ${edit.file} found nothing to replace: ${String(edit.find)}`);
    await writeFile(file, before.replace(edit.find, edit.replace));
  }
}

/** A temporary copy of the real content with the edits applied; returns its folder. */
export async function editedContent(name: string, edits: Edit[]): Promise<string> {
  const contentDir = await copyRealContent(await makeTempDir(`edit-${name}`));
  await applyEdits(contentDir, edits);
  return contentDir;
}

/**
 * A slug an editor renames, as the content gate sees it: a published address the real content
 * still serves as a page of slugs.yaml (in a language other than the first, the page without
 * former slugs yet), the edit that renames it, and the edit that adds its forward under former:
 * (into the content's former: when it has one). Derived from the content and the gate's list,
 * so the tests that rename a slug hold whatever slugs the editors have renamed before.
 */
export function slugRename(): { path: string; formerLine: string; rename: Edit; forward: Edit } {
  const served = new Set(
    realRouteTable.routes.filter((route) => !route.redirectTo).map((route) => route.path),
  );
  const renamed = publishedAddresses.find(
    (address) =>
      address.language !== realRouteTable.languages.default &&
      address.path.split('/').filter(Boolean).length === 2 &&
      served.has(address.path) &&
      !(address.page in realLoadedContent.formerSlugs),
  );
  if (!renamed) throw new Error('No published address is left to rename: every one forwards already');
  const oldSlug = renamed.path.split('/').filter(Boolean).at(-1)!;
  const formerLine = `${renamed.page}: { ${renamed.language}: [${oldSlug}] }`;
  const slugsText = readFileSync(path.join(realContent, 'slugs.yaml'), 'utf8');
  return {
    path: renamed.path,
    formerLine,
    rename: {
      file: 'slugs.yaml',
      find: new RegExp(`^(${renamed.page}: \\{.*?\\b${renamed.language}: )${oldSlug}\\b`, 'm'),
      replace: `$1${oldSlug}-neu`,
    },
    forward: /^former:[ \t]*\n/m.test(slugsText)
      ? { file: 'slugs.yaml', find: /^former:[ \t]*\n/m, replace: `former:\n  ${formerLine}\n` }
      : { file: 'slugs.yaml', replace: `former:\n  ${formerLine}\n` },
  };
}

/**
 * The FAQ cut down to its first entry in every language, as an editor might: a list at its
 * shortest, for the editor's tests.
 */
export async function cutFaqToOneEntry(contentDir: string, languages: readonly string[]): Promise<void> {
  const { changeList, readValue } = await import('../../generator/dev/editor/yamlEdit.ts');
  for (const language of languages) {
    const target = path.join(contentDir, `texts/${language}/contact.yaml`);
    let source = await readFile(target, 'utf8');
    while ((readValue(source, ['faq', 'items'])!.value as unknown[]).length > 1)
      source = changeList(source, ['faq', 'items'], { action: 'remove', index: 1 });
    await writeFile(target, source);
  }
}

/**
 * plans.yaml with the first Europe roaming data allowance, whatever it is today, made a
 * number where a text is required: a content mistake for dev's overlay tests.
 */
export function withRoamingDataAsNumber(plans: string): { text: string; allowance: string } {
  let allowance = '';
  const text = plans.replace(
    /^(\s+roaming:\n\s+europe:\n(?:\s+\w+: .*\n)*?\s+data: )(.+)$/m,
    (_, start: string, value: string) => {
      allowance = value;
      return `${start}42`;
    },
  );
  return { text, allowance };
}
