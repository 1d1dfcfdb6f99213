/** The stand-in satori's bundle takes for fflate: Node's zlib, giving what fflate gives. */
import { createRequire } from 'node:module';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

type Inflate = (data: Uint8Array, out?: Uint8Array) => Uint8Array;
const require = createRequire(import.meta.url);
const { inflateSync } = require('../../bin/nativeInflate.cjs') as { inflateSync: Inflate };
// fflate as satori requires it: a package of satori's, not of this project's.
const fflateInflate = (createRequire(require.resolve('satori'))('fflate') as { inflateSync: Inflate })
  .inflateSync;

const text = Buffer.from('Abbonamenti per aziende, eSIM e roaming in tutta Europa. '.repeat(200));

describe('nativeInflate', () => {
  it('inflates raw DEFLATE into the bytes fflate gives', () => {
    const raw = deflateRawSync(text);
    expect(Buffer.from(inflateSync(raw)).equals(text)).toBe(true);
    expect(Buffer.from(inflateSync(raw)).equals(Buffer.from(fflateInflate(raw)))).toBe(true);
  });

  it('reads a WOFF table as satori hands it over: a zlib stream without its two-byte header', () => {
    const table = deflateSync(text).subarray(2);
    expect(Buffer.from(inflateSync(table)).equals(Buffer.from(fflateInflate(table)))).toBe(true);
    expect(Buffer.from(inflateSync(table)).equals(text)).toBe(true);
  });

  it('refuses an `out` array, which satori never passes and fflate fills in its own ways', () => {
    expect(() => inflateSync(deflateRawSync(text), new Uint8Array(text.length))).toThrow(/without `out`/);
  });
});
