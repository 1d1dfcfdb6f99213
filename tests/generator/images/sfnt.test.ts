/** A WOFF font unwrapped: satori draws the same glyphs from it as from the WOFF, and refuses anything else. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { sfntFromWoff } from '../../../generator/images/sfnt.ts';

const require = createRequire(import.meta.url);
const { default: satori } = require('satori') as typeof import('satori');
const woffOf = (weight: number) =>
  readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));

describe('sfntFromWoff', () => {
  it('gives a TrueType font whose glyphs satori draws exactly as the WOFF’s', async () => {
    const woff = await woffOf(700);
    const sfnt = sfntFromWoff(woff);
    // The sfnt's flavour (TrueType outlines) and table count come from the WOFF's header.
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    const draw = (data: Buffer) =>
      satori(h('div', { style: { display: 'flex', fontSize: 48, fontWeight: 700 } }, 'Ågjpqy Überstunden'), {
        width: 600,
        height: 100,
        fonts: [{ name: 'Inter', data, weight: 700, style: 'normal' }],
      });
    const fromSfnt = await draw(sfnt);
    expect(fromSfnt).toContain('<path');
    expect(fromSfnt).toBe(await draw(woff));
  });

  it('refuses a file that is not a WOFF, and a table cut short', async () => {
    expect(() => sfntFromWoff(new TextEncoder().encode('not a font at all, just words here'))).toThrow(
      /not a WOFF/,
    );
    const woff = await woffOf(400);
    expect(() => sfntFromWoff(woff.subarray(0, woff.length / 2))).toThrow();
  });
});
