// Loaded with `node --import` into a `site build`: the rename that moves the new
// output into place (the second of the swap) never finishes, and says so on
// stderr, so a test can kill the build exactly between the two renames.
import { createRequire, syncBuiltinESMExports } from 'node:module';

const promises = createRequire(import.meta.url)('node:fs/promises');
const rename = promises.rename;
promises.rename = async (from, to) => {
  if (/\.tmp-\d+-\d+$/.test(String(from))) {
    process.stderr.write('between the two renames\n');
    setInterval(() => {}, 60_000);
    return new Promise(() => {});
  }
  return rename(from, to);
};
syncBuiltinESMExports();
