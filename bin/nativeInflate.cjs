// fflate's `inflateSync` as satori calls it (raw DEFLATE, written into `out` when given), done by
// Node's zlib. satori's bundle takes it for fflate (compile.js): satori inflates its fonts' tables on
// every start that draws, about 10 ms of CPU in JavaScript and a fraction of one natively.
'use strict';
const { inflateRawSync } = require('node:zlib');

exports.inflateSync = (data, out) => {
  const inflated = inflateRawSync(data);
  if (!out) return new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.length);
  out.set(inflated); // as fflate, a RangeError when `out` is too short
  return inflated.length === out.length ? out : out.subarray(0, inflated.length);
};
