// fflate's `inflateSync` as satori calls it (raw DEFLATE, no `out` array), done by Node's zlib.
// satori's bundle takes it for fflate (compile.js): satori inflates its fonts' tables on every start
// that draws, about 10 ms of CPU in JavaScript and a fraction of one natively.
'use strict';
const { inflateRawSync } = require('node:zlib');

exports.inflateSync = (data, out) => {
  // fflate writes into `out`, or cuts to it, in ways this does not copy: satori never passes one.
  if (out !== undefined) throw new Error('nativeInflate: inflateSync without `out`, as satori calls it');
  const inflated = inflateRawSync(data);
  return new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.length);
};
