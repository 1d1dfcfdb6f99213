/**
 * The text keys the site's code names, so that "used by no page of this build" only ever lists
 * texts nothing can show. A page asks only for the texts its content calls for: the forwarding page
 * of a former slug, a plan without eSIM or an opening hour not on the hour ask for texts that today's
 * content may never need, and an editor who deleted them would break the site as soon as it did.
 *
 * A key is named by code when the templates or the build's and model's code hold it as a string
 * literal (`t('common.moved.title')`, either side of a ternary), or when a template string there
 * builds it from literals of the code: `subscriptions.plans.badges.${badge}` names the badges of
 * the `PlanBadge` union, `legal.tariffTables.${price}` the words of the content schema's prices.
 * Keys built from content ids (a plan's description) are named by no code: the pages record them.
 *
 * Read with the TypeScript parser, once per version of the code: the names are kept in the cache,
 * under a hash of the scanned files' bytes and under the build's key of its code, so a build finds
 * them by that key, or else by hashing a few dozen small files.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheRoot, projectRoot } from '../project.ts';

/** The folders whose code asks for texts: templates, the page model, the build stages, and the content's shape. */
export const codeFolders = ['templates', 'generator/model', 'generator/build', 'generator/content/schemas'];

/** Bumped when what the cache holds changes meaning, so an old entry is never read. */
const namesVersion = 1;
/** Names of another version of the code no build has written for this long are removed. */
const staleAfterMilliseconds = 24 * 60 * 60 * 1000;

/** What the code names: plain literals, and template strings as their fixed parts (one more than their holes). */
export interface CodeTextNames {
  literals: string[];
  templates: string[][];
}

/** A literal that could be a key or a piece of one: dotted words, no spaces. */
const keyShaped = /^[\w-]+(\.[\w-]+)*$/;

/** The literals and template strings of one source file that could name a text. */
export async function textNamesInSource(fileName: string, text: string): Promise<CodeTextNames> {
  const ts = (await import('typescript')).default;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const literals = new Set<string>();
  const templates: string[][] = [];
  const visit = (node: import('typescript').Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (keyShaped.test(node.text)) literals.add(node.text);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      // A template with no dot in its fixed text (`${count} items`) builds no key.
      if (parts.join('').includes('.') && parts.every((part) => part === '' || /^[\w.-]+$/.test(part)))
        templates.push(parts);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals: [...literals], templates };
}

/** The scanned files, relative with forward slashes, sorted. */
async function codeFiles(root: string): Promise<string[]> {
  // Loaded here: a build whose result cache holds the names never lists the code.
  const { default: fg } = await import('fast-glob');
  const files = await fg(
    codeFolders.map((folder) => `${folder}/**/*.{ts,tsx}`),
    { cwd: root, ignore: ['**/*.d.ts'] },
  );
  return files.sort();
}

/**
 * Everything the code under `root` names, from the cache when the scanned files are the ones it was
 * read from. A cache that cannot be written (a read-only folder) costs a parse per build, nothing more.
 *
 * `codeVersion`, when the caller has one, is a key of every scanned file already (the build's key of
 * its code, upToDate.ts, which covers more than these files): the names are filed under it too, and
 * a build finds them there without listing, reading and hashing the code again. It must change
 * whenever a scanned file does: a name it files is trusted.
 */
export async function codeTextNames(
  root: string = projectRoot,
  cacheDir: string = path.join(cacheRoot, 'code-text-keys'),
  codeVersion?: string,
): Promise<CodeTextNames> {
  const versionFile =
    codeVersion &&
    path.join(
      cacheDir,
      `v-${createHash('sha256').update(`${namesVersion}\0${codeVersion}`).digest('hex').slice(0, 16)}.json`,
    );
  const keptForVersion = versionFile && (await cachedNames(versionFile));
  if (keptForVersion) return keptForVersion;
  const files = await codeFiles(root);
  const texts = await Promise.all(files.map((file) => readFile(path.join(root, file), 'utf8')));
  const hash = createHash('sha256').update(`${namesVersion}\0`);
  files.forEach((file, index) => hash.update(`${file}\0${texts[index]}\0`));
  const cacheFile = path.join(cacheDir, `${hash.digest('hex').slice(0, 16)}.json`);
  // A change elsewhere in the code (the client, bin/, a package) is a new version of the same scanned files.
  let names = await cachedNames(cacheFile);
  const missed = [...(names ? [] : [cacheFile]), ...(versionFile ? [versionFile] : [])];
  if (!names) {
    const literals = new Set<string>();
    const templates: string[][] = [];
    for (const [index, file] of files.entries()) {
      const found = await textNamesInSource(file, texts[index]);
      for (const literal of found.literals) literals.add(literal);
      templates.push(...found.templates);
    }
    names = { literals: [...literals].sort(), templates };
  }
  try {
    await mkdir(cacheDir, { recursive: true });
    const kept = [cacheFile, ...(versionFile ? [versionFile] : [])];
    for (const file of missed) {
      const temporary = `${file}.${process.pid}`;
      await writeFile(temporary, JSON.stringify(names));
      await rename(temporary, file);
    }
    // Other versions' names are kept a day (checkouts sharing node_modules, a branch switched back
    // and forth), then removed: the folder never grows with every edit.
    for (const name of await readdir(cacheDir)) {
      const file = path.join(cacheDir, name);
      if (!kept.includes(file) && Date.now() - (await stat(file)).mtimeMs > staleAfterMilliseconds)
        await rm(file, { force: true });
    }
  } catch {
    // The cache is an optimisation.
  }
  return names;
}

/** The names filed in `cacheFile`, if it holds some. */
async function cachedNames(cacheFile: string): Promise<CodeTextNames | undefined> {
  try {
    const cached = JSON.parse(await readFile(cacheFile, 'utf8')) as CodeTextNames;
    if (Array.isArray(cached.literals) && Array.isArray(cached.templates)) return cached;
  } catch {
    // Not read yet for this code, or unreadable: read the code again.
  }
  return undefined;
}

/** Whether `key` is built from `parts`, each hole filled by one of the code's literals. */
function fitsTemplate(key: string, parts: string[], literals: Set<string>): boolean {
  if (!key.startsWith(parts[0])) return false;
  const rest = key.slice(parts[0].length);
  if (parts.length === 1) return rest === '';
  for (let end = 1; end <= rest.length; end += 1)
    if (literals.has(rest.slice(0, end)) && fitsTemplate(rest.slice(end), parts.slice(1), literals))
      return true;
  return false;
}

/** Whether the code names `key`, or (for a plural variant like `items_one`) its base key. */
export function namedByCode(names: CodeTextNames): (key: string) => boolean {
  const literals = new Set(names.literals);
  return (key) => {
    const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
    return [key, base].some(
      (candidate) =>
        literals.has(candidate) || names.templates.some((parts) => fitsTemplate(candidate, parts, literals)),
    );
  };
}

/** The keys of `keys` that no code names: the texts nothing can ever show. */
export async function notNamedByCode(keys: string[], names?: CodeTextNames): Promise<string[]> {
  if (keys.length === 0) return keys;
  const named = namedByCode(names ?? (await codeTextNames()));
  return keys.filter((key) => !named(key));
}
