/** Where the project lives and where its caches go: a module light enough for any command to load. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Build tools keep their caches here; deleting the folder is always safe. */
export const cacheRoot = path.join(projectRoot, 'node_modules/.cache/site');
