// Imports an ES module by its file URL when the code runs: site dev's freshly bundled templates.
// It stays outside the compiled CLI (bin/compile.js), whose `import()`s become `require()`s
// because V8 cannot restore dynamic import for code from its code cache; here Node's own loader
// runs it.
exports.importFile = (url) => import(url);
