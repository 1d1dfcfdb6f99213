/**
 * A broken content file is reported with its location, the build exits 1, and
 * the previous output stays exactly as it was.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRealContent, makeTempDir, runSite } from './helpers/site.ts';

let workDir: string;
let outDir: string;
let previousOutput: Map<string, string>;
const brokenCopies: string[] = [];

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), `${(await stat(full)).mtimeMs}:${await readFile(full, 'utf8')}`);
  }
  return files;
}

/** Builds from a copy of the real content after `breakIt` changed it. */
async function buildBroken(name: string, breakIt: (contentDir: string) => Promise<void>) {
  const copyDir = await makeTempDir(name);
  brokenCopies.push(copyDir);
  const contentDir = await copyRealContent(copyDir);
  await breakIt(contentDir);
  const result = await runSite(['build', '--content', contentDir, '--out', outDir], path.dirname(contentDir));
  return { ...result, contentDir };
}

async function edit(file: string, change: (source: string) => string) {
  const source = await readFile(file, 'utf8');
  const changed = change(source);
  expect(changed).not.toBe(source);
  await writeFile(file, changed);
}

beforeAll(async () => {
  workDir = await makeTempDir('errors');
  outDir = path.join(workDir, 'dist');
  const first = await runSite(['build', '--out', outDir]);
  expect(first.code, first.stderr).toBe(0);
  previousOutput = await snapshot(outDir);
});

afterAll(async () => {
  for (const dir of [workDir, ...brokenCopies]) await rm(dir, { recursive: true, force: true });
});

describe('content errors', () => {
  it('reports a schema error with file, line, column and dotted path', async () => {
    const result = await buildBroken('schema', (dir) => edit(path.join(dir, 'plans.yaml'), (source) => source.replace('data: 50GB', 'data: 50')));
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n');
    const line = lines.find((candidate) => candidate.includes('plans[1].roaming.europe.data'));
    expect(line).toMatch(/content\/plans\.yaml:\d+:\d+ {2}plans\[1\]\.roaming\.europe\.data: Expected string, received number/);
    const source = (await readFile(path.join(result.contentDir, 'plans.yaml'), 'utf8')).split('\n');
    const [, lineNumber, column] = line!.match(/plans\.yaml:(\d+):(\d+)/)!;
    expect(source[Number(lineNumber) - 1].slice(Number(column) - 1)).toBe('50');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('reports every problem at once', async () => {
    const result = await buildBroken('many', async (dir) => {
      await edit(path.join(dir, 'plans.yaml'), (source) => source.replace('esim: true', 'esim: yes'));
      await edit(path.join(dir, 'site.yaml'), (source) => source.replace('email: info@example.com', 'email: not-an-address'));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/plans\.yaml:\d+:\d+ {2}plans\[0\]\.esim: Expected boolean, received string/);
    expect(result.stderr).toMatch(/site\.yaml:\d+:\d+ {2}email: Expected an e-mail address/);
    expect(result.stderr).toContain('Content has 2 problems');
  });

  it('reports a settings URL whose host is not a plain DNS name at its line and column, and writes nothing', async () => {
    const result = await buildBroken('hostile-url', (dir) =>
      edit(path.join(dir, 'site.yaml'), (source) => source.replace('luganoMap: https://maps.example.net/embed?q=Lugano', 'luganoMap: https://maps.example.net;script-src/')),
    );
    expect(result.code).toBe(1);
    const source = (await readFile(path.join(result.contentDir, 'site.yaml'), 'utf8')).split('\n');
    const line = source.findIndex((text) => text.includes('luganoMap:')) + 1;
    const column = source[line - 1].indexOf('https://') + 1;
    expect(result.stderr).toContain(`content/site.yaml:${line}:${column}  urls.luganoMap: Expected https:// followed by a plain host name`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await snapshot(outDir)).toEqual(previousOutput);
  });

  it('reports a YAML syntax error with its position', async () => {
    const result = await buildBroken('syntax', (dir) => edit(path.join(dir, 'zones.yaml'), (source) => source.replace('  - id: europe\n', '  - id: europe\n   icon: [unclosed\n')));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/zones\.yaml:\d+:\d+ {2}YAML syntax error/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('reports an unknown key as a likely typo, at the key', async () => {
    const result = await buildBroken('unknown', (dir) => edit(path.join(dir, 'site.yaml'), (source) => source.replace('founded: 2025', 'founded: 2025\nfunded: 2025')));
    expect(result.code).toBe(1);
    const source = (await readFile(path.join(result.contentDir, 'site.yaml'), 'utf8')).split('\n');
    const line = source.findIndex((text) => text.startsWith('funded:')) + 1;
    expect(result.stderr).toContain(`content/site.yaml:${line}:1  funded: Unknown key "funded"`);
    expect(result.stderr).toContain('CONTENT_UNKNOWN_KEY');
  });

  it('reports a text key that Italian does not have', async () => {
    const result = await buildBroken('textkey', (dir) => edit(path.join(dir, 'texts/de/home.yaml'), (source) => source.replace('hero:\n', 'hero:\n  titel: Tippfehler\n')));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/texts\/de\/home\.yaml:\d+:3 {2}home\.hero\.titel: Unknown text key "titel"/);
  });

  it('reports a missing required file', async () => {
    const result = await buildBroken('missing', (dir) => rm(path.join(dir, 'zones.yaml')));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/zones.yaml  Required content file is missing');
  });

  it('reports a reference to an unknown plan or country', async () => {
    const result = await buildBroken('reference', (dir) => edit(path.join(dir, 'zones.yaml'), (source) => source.replace('plans: [my-world]', 'plans: [my-wrld]')));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/zones\.yaml:\d+:\d+ {2}zones\[3\]\.plans\[0\]: Unknown plan "my-wrld"/);
  });

  it('reports a placeholder that nothing fills, with the file that holds the text', async () => {
    const result = await buildBroken('placeholder', (dir) => edit(path.join(dir, 'texts/fr/home.yaml'), (source) => source.replace(/(\n  title: )(.+)/, '$1"$2 {{brnad}}"')));
    expect(result.code).toBe(1);
    const line = result.stderr.split('\n').find((candidate) => candidate.includes('{{brnad}}'));
    expect(line).toMatch(/content\/texts\/fr\/home\.yaml:\d+:\d+ {2}home\.\w+\.title: unknown placeholder \{\{brnad\}\} \(fr page\) {2}\[TEXT_PLACEHOLDER\]/);
    const [, lineNumber, column] = line!.match(/home\.yaml:(\d+):(\d+)/)!;
    const source = (await readFile(path.join(result.contentDir, 'texts/fr/home.yaml'), 'utf8')).split('\n');
    expect(source[Number(lineNumber) - 1].slice(Number(column) - 1)).toMatch(/^".*\{\{brnad\}\}"$/);
    expect(result.stderr).toContain('{{brand}}, {{founded}}');
  });

  it('reports a misspelt placeholder in a legal text where it is written', async () => {
    const result = await buildBroken('legalplaceholder', (dir) => edit(path.join(dir, 'legal/de.yaml'), (source) => source.replace(/^(\s+- .*?)\{\{brand\}\}/m, '$1{{brnad}}')));
    expect(result.code).toBe(1);
    const line = result.stderr.split('\n').find((candidate) => candidate.includes('{{brnad}}'));
    expect(line).toMatch(/content\/legal\/de\.yaml:\d+:\d+ {2}\w+\.sections\[\d+\]\.\w+\[\d+\]: Unknown placeholder \{\{brnad\}\} {2}\[CONTENT_REFERENCE\]/);
    const [, lineNumber] = line!.match(/de\.yaml:(\d+)/)!;
    expect((await readFile(path.join(result.contentDir, 'legal/de.yaml'), 'utf8')).split('\n')[Number(lineNumber) - 1]).toContain('{{brnad}}');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('reports a plan label that the texts do not have', async () => {
    const result = await buildBroken('label', (dir) => edit(path.join(dir, 'plans.yaml'), (source) => source.replace('features: [speed5g,', 'features: [speed5gg,')));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/plans\.yaml:\d+:\d+ {2}plans\[0\]\.features\[0\]: Unknown label "speed5gg" {2}\[CONTENT_REFERENCE\]/);
  });

  it('reports an empty Italian text where it is written', async () => {
    const result = await buildBroken('emptyitalian', (dir) => edit(path.join(dir, 'texts/it/esim.yaml'), (source) => source.replace(/(\n  title: ).+/, '$1""')));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/texts\/it\/esim\.yaml:2:10 {2}esim\.\w+\.title: Must not be empty {2}\[CONTENT_SCHEMA\]/);
  });

  it('reports a renamed plan that the badge rule gives the business-zone badge', async () => {
    const result = await buildBroken('badgeplan', async (dir) => {
      await edit(path.join(dir, 'plans.yaml'), (source) => source.replace('id: my-europe-plus', 'id: my-europe-max'));
      await edit(path.join(dir, 'zones.yaml'), (source) => source.replaceAll('my-europe-plus', 'my-europe-max'));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/plans\.yaml:\d+:\d+ {2}plans: No plan "my-europe-plus" {2}\[CONTENT_REFERENCE\]/);
    expect(result.stderr).toContain('Content has 1 problem;');
  });

  it('reports two zones with one id', async () => {
    const result = await buildBroken('duplicate', (dir) => edit(path.join(dir, 'zones.yaml'), (source) => source.replace('- id: global', '- id: business')));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/zones\.yaml:\d+:\d+ {2}zones\[3\]\.id: "business" is used twice {2}\[CONTENT_SCHEMA\]/);
  });

  it('reports a missing Italian text file once, without blaming its translations', async () => {
    const result = await buildBroken('notext', (dir) => rm(path.join(dir, 'texts/it/esim.yaml')));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/texts/it/esim.yaml  Required text file is missing  [CONTENT_MISSING_FILE]');
    expect(result.stderr).toContain('Content has 1 problem;');
  });

  it('reports a YAML syntax error once per file, and not again in the translations', async () => {
    const result = await buildBroken('textsyntax', (dir) => edit(path.join(dir, 'texts/it/esim.yaml'), (source) => `${source}\n  broken: [unclosed\n  more: "x`));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/texts\/it\/esim\.yaml:\d+:\d+ {2}YAML syntax error/);
    expect(result.stderr).toContain('Content has 1 problem;');
  });

  it('reports a content folder that does not exist as one problem', async () => {
    const result = await runSite(['build', '--content', path.join(workDir, 'no-such-content'), '--out', outDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no-such-content {2}Content folder not found {2}\[CONTENT_MISSING_FILE\]/);
    expect(result.stderr.match(/CONTENT_MISSING_FILE/g)).toHaveLength(1);
  });

  it('counts an empty translation as missing, and --strict names its line', async () => {
    const copyDir = await makeTempDir('empty');
    brokenCopies.push(copyDir);
    const contentDir = await copyRealContent(copyDir);
    await edit(path.join(contentDir, 'texts/en/esim.yaml'), (source) => source.replace(/(\n  title: ).+/, '$1""'));
    // Without --strict the page falls back to Italian and the build says so; it builds elsewhere, not over the output under test.
    const lenient = await runSite(['build', '--content', contentDir, '--out', path.join(copyDir, 'dist')], copyDir);
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(lenient.stderr).toMatch(/en: 1 missing: esim\.\w+\.title/);
    const strict = await runSite(['build', '--strict', '--content', contentDir, '--out', outDir], copyDir);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/content\/texts\/en\/esim\.yaml:\d+:\d+ {2}en: missing text "esim\.\w+\.title"/);
  });

  it('reports an image whose size cannot be read', async () => {
    const result = await buildBroken('image', (dir) => writeFile(path.join(dir, 'images/vision.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/images\/vision\.svg {2}Image has no readable width and height {2}\[ASSET_FAILED\]/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('reports a missing image in the content folder that was built', async () => {
    const result = await buildBroken('noimage', (dir) => rm(path.join(dir, 'images/vision.svg')));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/images/vision.svg  Required image is missing  [CONTENT_MISSING_FILE]');
  });

  it('leaves the previous output exactly as it was after all of the above', async () => {
    expect(await snapshot(outDir)).toEqual(previousOutput);
    const siblings = await readdir(workDir);
    expect(siblings.filter((name) => name.startsWith('dist.'))).toEqual([]);
  });
});
