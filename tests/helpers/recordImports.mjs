// Preloaded with `node --import` by tests: appends the URL of every module the process loads
// to the file named by RECORD_IMPORTS_FILE: ES modules through a resolve hook, and CommonJS
// modules (and native addons) the project's own code requires, as `require` loads them
// (what a package requires in turn is its own business; `require.resolve` loads nothing).
import { appendFileSync } from 'node:fs';
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

const load = Module._load;
Module._load = function (request, parent, isMain) {
  const exports = load.call(this, request, parent, isMain);
  if (parent?.filename && !parent.filename.includes(`${path.sep}node_modules${path.sep}`)) {
    const file = Module._resolveFilename(request, parent, isMain);
    if (path.isAbsolute(file))
      appendFileSync(process.env.RECORD_IMPORTS_FILE, `${pathToFileURL(file).href}\n`);
  }
  return exports;
};
