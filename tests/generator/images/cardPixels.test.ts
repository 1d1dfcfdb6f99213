/** Cards over a shared background: the texts land where placed, and a reused buffer never shows an earlier card. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  createCardEncoder,
  fromRows,
  opaqueRgb,
  type RawPicture,
} from '../../../generator/images/cardPixels.ts';

const width = 40;
const height = 30;

/** An RGB picture of one colour. */
const filled = (rows: number, rgb: [number, number, number]): RawPicture => {
  const data = new Uint8Array(width * rows * 3);
  for (let at = 0; at < data.length; at += 3) data.set(rgb, at);
  return { data, width, height: rows, channels: 3 };
};

/** Opaque RGBA rows of one colour, as resvg draws a band of solid ink. */
const opaque = (rows: number, rgb: [number, number, number]): RawPicture => {
  const data = new Uint8Array(width * rows * 4);
  for (let at = 0; at < data.length; at += 4) data.set([...rgb, 255], at);
  return { data, width, height: rows, channels: 4 };
};

/** The decoded card's colour on each row, as `r,g,b` (every row here is one colour). */
async function rowColours(png: Uint8Array): Promise<string[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height, info.channels]).toEqual([width, height, 3]);
  return Array.from({ length: height }, (_, row) => {
    const at = row * width * 3;
    return `${data[at]},${data[at + 1]},${data[at + 2]}`;
  });
}

const png = (card: sharp.Sharp) => card.png();

describe('createCardEncoder', () => {
  it('lays the texts over the background from their top row on, and leaves the other rows alone', async () => {
    const encode = createCardEncoder();
    const rows = await rowColours(
      await encode(filled(height, [255, 255, 255]), opaque(4, [200, 0, 0]), { left: 0, top: 10 }, png),
    );
    expect(rows.slice(0, 10).every((colour) => colour === '255,255,255')).toBe(true);
    expect(rows.slice(10, 14).every((colour) => colour === '200,0,0')).toBe(true);
    expect(rows.slice(14).every((colour) => colour === '255,255,255')).toBe(true);
  });

  it('gives each card its own texts: a reused buffer shows none of an earlier card', async () => {
    // Two cards at a time, six started together: buffers are reused while others are in flight.
    const encode = createCardEncoder(2);
    const background = filled(height, [255, 255, 255]);
    const cards = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        encode(background, opaque(2, [index * 40 + 40, 0, 0]), { left: 0, top: index * 4 }, png),
      ),
    );
    for (const [index, card] of cards.entries()) {
      const rows = await rowColours(card);
      const banded = rows.flatMap((colour, row) => (colour === '255,255,255' ? [] : [row]));
      expect(banded).toEqual([index * 4, index * 4 + 1]);
      expect(rows[index * 4]).toBe(`${index * 40 + 40},0,0`);
    }
  });

  it('refuses texts that are not RGBA or reach outside the card, and a background that is not RGB', async () => {
    const encode = createCardEncoder();
    const background = filled(height, [255, 255, 255]);
    await expect(encode(background, filled(2, [0, 0, 0]), { left: 0, top: 0 }, png)).rejects.toThrow(
      /RGBA overlay/,
    );
    await expect(
      encode(background, { ...opaque(2, [0, 0, 0]), width: width - 1 }, { left: 2, top: 0 }, png),
    ).rejects.toThrow(/within it/);
    await expect(encode(background, opaque(2, [0, 0, 0]), { left: 0, top: height - 1 }, png)).rejects.toThrow(
      /within it/,
    );
    for (const at of [
      { left: -1, top: 0 },
      { left: 0, top: -1 },
    ])
      await expect(encode(background, opaque(2, [0, 0, 0]), at, png)).rejects.toThrow(/within it/);
    const rgbaBackground = opaque(height, [255, 255, 255]);
    await expect(encode(rgbaBackground, opaque(2, [0, 0, 0]), { left: 0, top: 0 }, png)).rejects.toThrow(
      /RGB background/,
    );
  });
});

describe('the texts laid over a card', () => {
  it('lays premultiplied RGBA over the rows from its top on: clear keeps, opaque replaces, half blends', async () => {
    const encode = createCardEncoder();
    const overlay = new Uint8Array(width * 3 * 4);
    // Row 0 clear, row 1 opaque blue, row 2 white at half opacity (premultiplied: colours halved).
    overlay.fill(0, 0, width * 4);
    for (let at = width * 4; at < width * 8; at += 4) overlay.set([0, 0, 255, 255], at);
    overlay.fill(128, width * 8);
    const texts: RawPicture = { data: overlay, width, height: 3, channels: 4 };
    const rows = await rowColours(await encode(filled(height, [0, 0, 0]), texts, { left: 0, top: 20 }, png));
    expect(rows.slice(0, 21).every((colour) => colour === '0,0,0')).toBe(true);
    expect(rows[21]).toBe('0,0,255');
    expect(rows[22]).toBe('128,128,128');
    expect(rows.slice(23).every((colour) => colour === '0,0,0')).toBe(true);
    await expect(encode(filled(height, [0, 0, 0]), texts, { left: 0, top: height - 2 }, png)).rejects.toThrow(
      /within it/,
    );
  });
});

describe('texts narrower than the card', () => {
  it('lays its columns over the card from its left column on, and leaves the others alone', async () => {
    const encode = createCardEncoder();
    const texts: RawPicture = {
      ...opaque(2, [0, 0, 200]),
      width: 10,
      data: opaque(2, [0, 0, 200]).data.subarray(0, 10 * 2 * 4),
    };
    const { data } = await sharp(
      await encode(filled(height, [255, 255, 255]), texts, { left: 5, top: 3 }, png),
    )
      .raw()
      .toBuffer({ resolveWithObject: true });
    const colourAt = (column: number, row: number) => {
      const at = (row * width + column) * 3;
      return `${data[at]},${data[at + 1]},${data[at + 2]}`;
    };
    expect([colourAt(5, 3), colourAt(14, 4)]).toEqual(['0,0,200', '0,0,200']);
    expect([colourAt(4, 3), colourAt(15, 3), colourAt(5, 2), colourAt(5, 5)]).toEqual(
      Array(4).fill('255,255,255'),
    );
  });
});

describe('opaqueRgb', () => {
  it('drops the alpha channel of opaque RGBA pixels and keeps the colours', async () => {
    const rgba = new Uint8Array(width * 2 * 4);
    for (let at = 0; at < rgba.length; at += 4) rgba.set([10, 20, 30, 255], at);
    const rgb = await opaqueRgb({ data: rgba, width, height: 2, channels: 4 });
    expect([rgb.width, rgb.height, rgb.channels]).toEqual([width, 2, 3]);
    expect(rgb.data.length).toBe(width * 2 * 3);
    expect([...rgb.data.subarray(0, 6)]).toEqual([10, 20, 30, 10, 20, 30]);
  });
});

describe('fromRows', () => {
  /** The colour of each row of an RGBA picture as `r,g,b,a`, checking the row is one colour. */
  const colours = (picture: RawPicture) =>
    Array.from({ length: picture.height }, (_, row) => {
      const pixel = (column: number) =>
        [...picture.data.subarray((row * width + column) * 4, (row * width + column + 1) * 4)].join(',');
      expect(pixel(width - 1)).toBe(pixel(0));
      return pixel(0);
    });

  it('puts strips at their rows and the blank row in every other row', () => {
    const picture = fromRows(
      width,
      6,
      [
        { picture: opaque(2, [200, 0, 0]), top: 1 },
        { picture: opaque(1, [0, 0, 200]), top: 4 },
      ],
      opaque(1, [250, 250, 250]),
    );
    expect([picture.width, picture.height, picture.channels, picture.data.length]).toEqual([
      width,
      6,
      4,
      width * 6 * 4,
    ]);
    expect(colours(picture)).toEqual([
      '250,250,250,255',
      '200,0,0,255',
      '200,0,0,255',
      '250,250,250,255',
      '0,0,200,255',
      '250,250,250,255',
    ]);
  });

  it('needs no blank row when the strips cover every row, and refuses rows it cannot place', () => {
    expect(colours(fromRows(width, 2, [{ picture: opaque(2, [1, 2, 3]), top: 0 }]))).toEqual([
      '1,2,3,255',
      '1,2,3,255',
    ]);
    const strip = { picture: opaque(2, [1, 2, 3]), top: 0 };
    expect(() => fromRows(width, 3, [strip])).toThrow(/no blank row/);
    expect(() => fromRows(width, 3, [{ ...strip, top: 2 }], opaque(1, [0, 0, 0]))).toThrow(/outside/);
    const narrow = (rows: number) => {
      const picture = opaque(rows, [1, 2, 3]);
      return { ...picture, width: width - 1, data: picture.data.subarray(0, (width - 1) * rows * 4) };
    };
    expect(() => fromRows(width, 3, [{ picture: narrow(1), top: 0 }], opaque(1, [0, 0, 0]))).toThrow(
      /strip is not as wide/,
    );
    expect(() => fromRows(width, 3, [{ picture: filled(1, [1, 2, 3]), top: 0 }])).toThrow(
      /strip is not RGBA/,
    );
    // The blank row is checked as a strip is: a narrow or RGB one would leave part of each row unset.
    expect(() => fromRows(width, 3, [strip], narrow(1))).toThrow(/blank row is not as wide/);
    expect(() => fromRows(width, 3, [strip], filled(1, [0, 0, 0]))).toThrow(/blank row is not RGBA/);
    expect(() => fromRows(width, 4, [strip], opaque(2, [0, 0, 0]))).toThrow(/not one row/);
  });
});
