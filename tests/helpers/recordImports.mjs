// Preloaded with `node --import` by tests: appends the URL of every module the process loads
// to the file named by RECORD_IMPORTS_FILE: ES modules through a resolve hook, CommonJS
// modules (and native addons) the project's own code requires, as `require` loads them
// (what a package requires in turn is its own business; `require.resolve` loads nothing), and
// the packages bundled into the compiled CLI as they run (bin/compile.js marks them), as
// `bundled:/node_modules/<name>/`.
import { appendFileSync, readFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs';
    let file;
    export function initialize(data) { file = data.file; }
    export async function resolve(specifier, context, next) {
      const result = await next(specifier, context);
      appendFileSync(file, result.url + '\\n');
      return result;
    }
  `)}`,
  { data: { file: process.env.RECORD_IMPORTS_FILE } },
);

/** The project's own dependencies: what their packages load in turn is their business, as above. */
const dependencies = new Set(
  Object.keys(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).dependencies),
);
globalThis.__siteBundledPackage = (name) => {
  if (dependencies.has(name))
    appendFileSync(process.env.RECORD_IMPORTS_FILE, `bundled:/node_modules/${name}/\n`);
};

/** A package's own file, not the compiled CLI in node_modules/.cache. */
const isPackageFile = (file) =>
  file.includes(`${path.sep}node_modules${path.sep}`) &&
  !file.includes(`${path.sep}node_modules${path.sep}.cache${path.sep}`);

const load = Module._load;
Module._load = function (request, parent, isMain) {
  const exports = load.call(this, request, parent, isMain);
  if (parent?.filename && !isPackageFile(parent.filename)) {
    const file = Module._resolveFilename(request, parent, isMain);
    if (path.isAbsolute(file))
      appendFileSync(process.env.RECORD_IMPORTS_FILE, `${pathToFileURL(file).href}\n`);
  }
  return exports;
};
