/** The text keys the code names: what "used by no page" leaves out, and its cache per version of the code. */
import { appendFile, mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  codeTextNames,
  namedByCode,
  notNamedByCode,
  textNamesInSource,
} from '../../../generator/build/codeTextKeys.ts';
import { build } from '../../../generator/build/pipeline.ts';
import { createMemoryWriter } from '../../../generator/build/writer.ts';
import { copyRealContent, makeTempDir } from '../../helpers/site.ts';

/** A small template in the way the site's are written: a ternary of keys, a key built from a union. */
const planCard = `
type Badge = 'north' | 'south';
export function PlanCard({ t, plan, badge }: { t: (key: string) => string; plan: { id: string; esim: boolean }; badge: Badge }) {
  return (
    <article>
      <h2>{t('shop.card.title')}</h2>
      <p>{t(plan.esim ? 'shop.card.esimYes' : 'shop.card.esimNo')}</p>
      <span>{t(\`shop.badges.\${badge}\`)}</span>
      <p>{t(\`shop.items.\${plan.id}.description\`)}</p>
      <p>{t(\`shop.items.\${plan.id}.offers\`, { count: 2 })}</p>
    </article>
  );
}
`;

async function fixtureProject(name: string): Promise<{ root: string; cacheDir: string }> {
  const root = await makeTempDir(name);
  await mkdir(path.join(root, 'templates'), { recursive: true });
  await writeFile(path.join(root, 'templates/PlanCard.tsx'), planCard);
  return { root, cacheDir: path.join(root, 'cache') };
}

describe('the text keys the code names', () => {
  it('finds the literals, either side of a ternary, and the templates that build keys', async () => {
    const names = await textNamesInSource('PlanCard.tsx', planCard);
    expect(names.literals).toEqual(
      expect.arrayContaining(['shop.card.title', 'shop.card.esimYes', 'shop.card.esimNo', 'north', 'south']),
    );
    expect(names.templates).toEqual(
      expect.arrayContaining([
        ['shop.badges.', ''],
        ['shop.items.', '.description'],
      ]),
    );
  });

  it('reports a text named only in a template as not unused, a text in the content alone as unused', async () => {
    const { root, cacheDir } = await fixtureProject('code-keys-named');
    const names = await codeTextNames(root, cacheDir);
    const unused = await notNamedByCode(
      [
        'shop.card.esimNo', // a ternary's other side: shown when a plan has no eSIM
        'shop.badges.south', // built from the Badge union
        'shop.oldBanner', // in the content only
        'shop.items.retired.description', // built from a content id: the pages decide
        'shop.badges.east', // not one of the union's badges
      ],
      names,
    );
    expect(unused).toEqual(['shop.oldBanner', 'shop.items.retired.description', 'shop.badges.east']);
  });

  it('counts a plural variant as named when its base key is', async () => {
    const named = namedByCode({ literals: ['shop.card.count', 'south'], templates: [['shop.', '.count']] });
    expect(named('shop.card.count_one')).toBe(true);
    expect(named('shop.south.count_other')).toBe(true);
    expect(named('shop.card.countdown')).toBe(false);
  });

  it('reads the code once per version of it, from the cache after that', async () => {
    const { root, cacheDir } = await fixtureProject('code-keys-cache');
    await codeTextNames(root, cacheDir);
    const [cached] = await readdir(cacheDir);
    // A cache hit reads the cached names and parses nothing: tampered names come back as they are.
    await writeFile(path.join(cacheDir, cached), JSON.stringify({ literals: ['from.cache'], templates: [] }));
    expect((await codeTextNames(root, cacheDir)).literals).toEqual(['from.cache']);

    // A changed template is another version: read again. The other version's names go once a day old.
    const dayAndMore = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await utimes(path.join(cacheDir, cached), dayAndMore, dayAndMore);
    await appendFile(
      path.join(root, 'templates/PlanCard.tsx'),
      `\nexport const extra = 'shop.extra.note';\n`,
    );
    const names = await codeTextNames(root, cacheDir);
    expect(names.literals).toContain('shop.extra.note');
    expect(names.literals).not.toContain('from.cache');
    const files = await readdir(cacheDir);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(cached);
  });

  it('files the names under a code version the caller has, and finds them without reading the code', async () => {
    const { root, cacheDir } = await fixtureProject('code-keys-version');
    const first = await codeTextNames(root, cacheDir, 'version-a');
    expect(first.literals).toContain('shop.card.title');
    // The same version is the same code: its names come back though the files changed since.
    await appendFile(
      path.join(root, 'templates/PlanCard.tsx'),
      `\nexport const extra = 'shop.extra.note';\n`,
    );
    expect(await codeTextNames(root, cacheDir, 'version-a')).toEqual(first);
    // Another version reads the code again.
    expect((await codeTextNames(root, cacheDir, 'version-b')).literals).toContain('shop.extra.note');
    // A version whose scanned files are those of an earlier one (a change elsewhere in the code) takes
    // the names filed under the files' hash, and parses nothing: tampered names come back as they are.
    const byHash = (await readdir(cacheDir)).filter((name) => !name.startsWith('v-'));
    for (const name of byHash)
      await writeFile(path.join(cacheDir, name), JSON.stringify({ literals: ['from.hash'], templates: [] }));
    expect((await codeTextNames(root, cacheDir, 'version-c')).literals).toEqual(['from.hash']);
  });

  it('leaves out of a real build\u2019s unused texts every text the templates name', async () => {
    const contentDir = await copyRealContent(await makeTempDir('code-keys-build'));
    const common = path.join(contentDir, 'texts/it/common.yaml');
    await writeFile(
      common,
      `${await readFile(common, 'utf8')}\nfixtureOnly: Un testo che nessuna pagina mostra\n`,
    );
    const report = await build({ contentDir, writer: createMemoryWriter(), cache: false });
    expect(report.unusedTexts).toContain('common.fixtureOnly');
    const named = namedByCode(await codeTextNames());
    expect(report.unusedTexts.filter(named)).toEqual([]);
    // The forwarding page of a former slug names its title: no page of today's content may need it.
    expect(report.unusedTexts).not.toContain('common.moved.title');
  });
});
