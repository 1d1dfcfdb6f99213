/** The image file a 390 px phone downloads, as a browser chooses it. */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import {
  chooseCandidate,
  cssLength,
  phoneImageUrl,
  slotWidth,
} from '../../../generator/check/phoneImages.ts';
import { imageSlots, sizesAttribute } from '../../../generator/model/imageSlots.ts';

describe('CSS lengths and sizes at a viewport width', () => {
  it('reads px, vw, rem, calc(), min() and max()', () => {
    expect(cssLength('432px', 390)).toBe(432);
    expect(cssLength('50vw', 400)).toBe(200);
    expect(cssLength('30rem', 390)).toBe(480);
    expect(cssLength('calc(100vw - 40px)', 390)).toBe(350);
    expect(cssLength('min(480px, calc(100vw - 40px))', 390)).toBe(350);
    expect(cssLength('min(480px, 100vw - 40px)', 1000)).toBe(480);
    expect(cssLength('max(10px, 2vw + 1px)', 1000)).toBe(21);
    expect(cssLength('auto', 390)).toBeUndefined();
  });

  it('takes the first rule whose media condition holds', () => {
    const sizes = '(min-width: 1000px) 500px, (max-width: 400px) 90vw, 60vw';
    expect(slotWidth(sizes, 1200)).toBe(500);
    expect(slotWidth(sizes, 390)).toBe(351);
    expect(slotWidth(sizes, 600)).toBe(360);
    expect(slotWidth(undefined, 390)).toBe(390);
  });

  it('gives each slot of the site its width on a phone', () => {
    expect(slotWidth(sizesAttribute(imageSlots.hero), 390)).toBe(350);
    expect(slotWidth(sizesAttribute(imageSlots.card), 390)).toBe(350);
    expect(slotWidth(sizesAttribute(imageSlots.hero), 1280)).toBe(432);
  });
});

describe('the candidate a phone picks', () => {
  it('is the narrowest at least the slot times the density, else the widest', () => {
    const srcset = '/a-320.avif 320w, /a-640.avif 640w, /a-1080.avif 1080w, /a-1440.avif 1440w';
    // 350 px at 3x: 1050 device pixels.
    expect(chooseCandidate(srcset, 'calc(100vw - 40px)')).toBe('/a-1080.avif');
    expect(chooseCandidate(srcset, '100px')).toBe('/a-320.avif');
    expect(chooseCandidate('/a-320.avif 320w, /a-640.avif 640w', '100vw')).toBe('/a-640.avif');
    expect(chooseCandidate('/a.png 1x, /a@2x.png 2x, /a@4x.png 4x', undefined)).toBe('/a@2x.png');
  });

  it('is from the first source of a picture, then the img', () => {
    const html = parse(
      '<picture><source type="image/jxl" srcset="/x.jxl 100w"><source type="image/avif" srcSet="/x-400.avif 400w, /x-1200.avif 1200w" sizes="100vw"><img src="/x.jpg" srcset="/x-400.jpg 400w"></picture><img src="/plain.png">',
    );
    const [inPicture, plain] = html.querySelectorAll('img');
    expect(phoneImageUrl(inPicture)).toBe('/x-1200.avif');
    expect(phoneImageUrl(plain)).toBe('/plain.png');
  });
});
