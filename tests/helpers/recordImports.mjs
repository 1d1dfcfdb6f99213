// Preloaded with `node --import` by tests: registers a resolve hook that appends every
// module URL the process resolves to the file named by RECORD_IMPORTS_FILE.
import { register } from 'node:module';

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
