/** The dating of texts from git: each key's lines, and translations older than their reference text. */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outdatedTranslations, readTextFiles } from '../../../generator/check/translationAge.ts';
import { siteLanguagesFrom } from '../../../generator/model/languages.ts';
import { makeTempDir } from '../../helpers/site.ts';

const languages = siteLanguagesFrom({
  languages: [
    { code: 'it', name: 'Italiano', locale: 'it-CH', flag: 'IT' },
    { code: 'de', name: 'Deutsch', locale: 'de-CH', flag: 'DE' },
  ],
  buttons: ['it', 'de'],
});

async function write(dir: string, file: string, text: string) {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), text);
}

function commit(dir: string, message: string, time: number) {
  const date = `${time} +0000`;
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, stdio: 'pipe' });
  git('add', '-A');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message);
}

describe('translation age', () => {
  it('reads every text of a file with the lines its value spans, lists and empty texts included', async () => {
    const dir = await makeTempDir('translation-age-read');
    await write(
      dir,
      'texts/it/home.yaml',
      'hero:\n  title: Ciao\n  lead: >-\n    Una riga\n    e due\nitems:\n  - uno\n',
    );
    await write(dir, 'texts/de/home.yaml', 'hero:\n  title: ""\n');
    const files = await readTextFiles(dir, languages);
    expect(files.map(({ language, file }) => [language, file])).toEqual([
      ['it', 'texts/it/home.yaml'],
      ['de', 'texts/de/home.yaml'],
    ]);
    expect(files[0].entries).toEqual([
      { key: 'home.hero.title', firstLine: 2, lastLine: 2, empty: false },
      { key: 'home.hero.lead', firstLine: 3, lastLine: 5, empty: false },
      { key: 'home.items.0', firstLine: 7, lastLine: 7, empty: false },
    ]);
    expect(files[1].entries).toEqual([{ key: 'home.hero.title', firstLine: 2, lastLine: 2, empty: true }]);
  });

  it('names a translation whose reference text changed after it, and nothing outside git', async () => {
    const dir = await makeTempDir('translation-age-git');
    await write(dir, 'texts/it/home.yaml', 'title: Ciao\nlead: Benvenuti\n');
    await write(dir, 'texts/de/home.yaml', 'title: Hallo\nlead: Willkommen\n');
    expect(await outdatedTranslations(dir, await readTextFiles(dir, languages), 'it')).toBeUndefined();
    execFileSync('git', ['init', '-q'], { cwd: dir });
    commit(dir, 'first', 1_700_000_000);
    await write(dir, 'texts/it/home.yaml', 'title: Buongiorno\nlead: Benvenuti\n');
    commit(dir, 'reference changed', 1_700_100_000);
    const outdated = await outdatedTranslations(dir, await readTextFiles(dir, languages), 'it');
    expect(outdated).toEqual([
      {
        key: 'home.title',
        language: 'de',
        file: 'texts/de/home.yaml',
        referenceChanged: new Date(1_700_100_000_000),
        translationChanged: new Date(1_700_000_000_000),
      },
    ]);
  });
});
