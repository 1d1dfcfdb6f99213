#!/usr/bin/env node
// The `site` command. React renders in production mode (development mode checks
// and warns on every element, a third more rendering time); set before React loads.
// The TypeScript generator runs as JavaScript compiled into the cache, recompiled
// on the start after any source changes (see compile.js): editing a template takes
// effect on the next `site build` with no other command.
'use strict';
process.env.NODE_ENV ??= 'production';
// libuv's threads, where sharp and resvg encode and draw: no more than the cores (libuv's default is
// four). A build's work there is all CPU, so more threads only take turns, each with its own memory
// for the allocator to hand out afresh. Read when the pool first starts, which is after this line.
process.env.UV_THREADPOOL_SIZE ??= String(Math.min(4, require('node:os').availableParallelism()));
// A command is a short process. V8 compiles a function to optimised code after a little work, a
// budget tuned for long-lived pages: most of what a build would optimise it runs too briefly to
// repay the compiling. A budget of 3,000,000 (Node 20's default is 67,584) leaves that to the
// loops that run hot (measured on Node 20: a budget of 1,000,000 made a --no-cache build use 8%
// less CPU than the default, a one-text build 7% less). WebAssembly (satori's layout engine, yoga,
// which lays out the social cards) stays in V8's baseline compiler, Liftoff: a build calls it some
// hundred times, and compiling its hot functions again with TurboFan cost more than it bought (a
// --no-cache build used 8% less CPU without it, and drew the same bytes). The larger budget and the
// smaller thread pool together: 1.4 to 1.9% less CPU on a --no-cache build on 2 cores, the same on a
// one-text build. Set before the CLI's code is compiled or its code cache read, so every start has
// the same flags and V8's code cache stays valid.
require('node:v8').setFlagsFromString('--interrupt-budget=3000000');
require('node:v8').setFlagsFromString('--liftoff-only');

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
