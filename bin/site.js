#!/usr/bin/env node
// The `site` command. The generator is TypeScript run through tsx, so there is no
// compile step between editing a template and building.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
