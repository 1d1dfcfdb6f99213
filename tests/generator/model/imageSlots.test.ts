/** The widths planned for a slot and the `sizes` written from its layout. */
import { describe, expect, it } from 'vitest';
import {
  imageSlots,
  plannedWidths,
  sizesAttribute,
  type ImageSlot,
} from '../../../generator/model/imageSlots.ts';

const slot: ImageSlot = {
  sizes: [{ minViewport: 800, width: '400px' }, { width: 'calc(100vw - 40px)' }],
  widths: [320, 640, 960],
  minimumSourceWidth: 400,
  firstScreen: true,
};

describe('image slots', () => {
  it('encodes the slot widths up to the source, and the source width instead of wider ones', () => {
    expect(plannedWidths(2000, [slot])).toEqual([320, 640, 960]);
    expect(plannedWidths(700, [slot])).toEqual([320, 640, 700]);
    expect(plannedWidths(640, [slot])).toEqual([320, 640]);
  });

  it('never plans a width wider than the source, for any slot', () => {
    for (const candidate of Object.values(imageSlots))
      for (const source of [candidate.minimumSourceWidth, 1000, 5000])
        expect(Math.max(...plannedWidths(source, [candidate]))).toBeLessThanOrEqual(source);
  });

  it('joins the width rules of several slots one source fills', () => {
    expect(plannedWidths(2000, [slot, { ...slot, widths: [500, 1000] }])).toEqual([320, 500, 640, 960, 1000]);
  });

  it('writes sizes from the rules, widest viewport first', () => {
    expect(sizesAttribute(slot)).toBe('(min-width: 800px) 400px, calc(100vw - 40px)');
  });
});
