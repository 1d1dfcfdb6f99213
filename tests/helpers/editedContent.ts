/**
 * A copy of the real content with an editor's edits applied, as an editor would make
 * them: text put into or taken out of a YAML file. Each edit names its file and what
 * to replace, so a test fails loudly if the content no longer holds what it edits.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyRealContent, makeTempDir } from './site.ts';

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
