#!/usr/bin/env node
// The `site` command. React renders in production mode (development mode checks
// and warns on every element, a third more rendering time); set before React loads.
// The TypeScript generator runs as JavaScript compiled into the cache, recompiled
// on the start after any source changes (see compile.js): editing a template takes
// effect on the next `site build` with no other command.
'use strict';
process.env.NODE_ENV ??= 'production';
// libuv's threads, where sharp and resvg encode and draw: no more than the cores (libuv's default is
// four). That work is CPU-bound, so more threads only take turns, each with memory of its own for the
// allocator to hand out afresh; the few file reads that use the pool wait behind it either way. Read
// when the pool first starts, which is after this line; a value set by the user is kept.
process.env.UV_THREADPOOL_SIZE ??= String(Math.min(4, require('node:os').availableParallelism()));
// A command is a short process. V8 compiles a function to optimised code after a little work, a
// budget tuned for long-lived pages: most of what a build would optimise it runs too briefly to
// repay the compiling. A budget of 3,000,000 (Node 20's default is 67,584) leaves that to the
// loops that run hot. WebAssembly (yoga, satori's layout engine for the social cards) stays in V8's
// baseline compiler, Liftoff: a build calls it some hundred times, too few for compiling its hot
// functions again with TurboFan to pay. Both are measured in docs/performance.md. Set before the
// CLI's code is compiled or its code cache read, so every start has the same flags and V8's code
// cache stays valid.
require('node:v8').setFlagsFromString('--interrupt-budget=3000000 --liftoff-only');

const {
  CompileError,
  codeCacheName,
  compiledEntry,
  defaultProjectRoot,
  runCompiled,
} = require('./compile.js');

compiledEntry(defaultProjectRoot, 'bin/cli.ts').then(
  // Each command (and a build without caches) has its own V8 code cache: each compiles different functions.
  (entry) => runCompiled(entry, codeCacheName(process.argv.slice(2))),
  (error) => {
    if (!(error instanceof CompileError)) throw error;
    console.error(`The generator's TypeScript sources do not compile:\n${error.message}`);
    process.exit(1);
  },
);
