#!/usr/bin/env node
// The `site` command. React renders in production mode (development mode checks
// and warns on every element, a third more rendering time); set before React loads.
// The TypeScript generator runs as JavaScript compiled into the cache, recompiled
// on the start after any source changes (see compile.js): editing a template takes
// effect on the next `site build` with no other command.
'use strict';
process.env.NODE_ENV ??= 'production';

const { CompileError, compiledEntry, defaultProjectRoot, runCompiled } = require('./compile.js');

compiledEntry(defaultProjectRoot, 'bin/cli.ts').then(
  // The command's name files V8's code cache: each command compiles different functions.
  (entry) => runCompiled(entry, process.argv[2]),
  (error) => {
    if (!(error instanceof CompileError)) throw error;
    console.error(`The generator's TypeScript sources do not compile:\n${error.message}`);
    process.exit(1);
  },
);
