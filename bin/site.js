#!/usr/bin/env node
// The `site` command. The generator is TypeScript run through tsx, so there is no
// compile step between editing a template and building. The project's tsconfig is
// named explicitly: tsx would otherwise look for one in the working directory, and
// an editor may run `site` from anywhere.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./cli.ts');
