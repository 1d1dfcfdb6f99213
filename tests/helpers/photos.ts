/**
 * Photographs made on the spot, so tests and the bench need no download: a
 * landscape (sky, sun, mountain ridges, a lake) drawn at a small size, enlarged
 * smoothly and given film grain, the way a camera's noise looks. The seed picks
 * the ridges and the light; the same seed gives the same bytes.
 */
import sharp from 'sharp';
import { seededRandom } from './seededRandom.ts';

export interface PhotoOptions {
  width: number;
  height: number;
  seed?: number;
  format?: 'jpeg' | 'png' | 'webp' | 'avif';
  /** JPEG/WebP/AVIF quality; a high one with grain makes a camera-sized file. */
  quality?: number;
  /** Standard deviation of the grain, 0 for none. */
  grain?: number;
}

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

/** Smooth value noise in octaves (0..1): the texture of rock, trees and water. */
function fractalNoise(next: () => number): (x: number, y: number) => number {
  const size = 256;
  const lattice = Float64Array.from({ length: size * size }, next);
  const at = (x: number, y: number) =>
    lattice[(((y % size) + size) % size) * size + (((x % size) + size) % size)];
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const value = (x: number, y: number) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const sx = smooth(x - x0);
    const sy = smooth(y - y0);
    return mix(mix(at(x0, y0), at(x0 + 1, y0), sx), mix(at(x0, y0 + 1), at(x0 + 1, y0 + 1), sx), sy);
  };
  return (x, y) => {
    let total = 0;
    let weight = 0.5;
    for (let octave = 0; octave < 5; octave++, weight /= 2)
      total += value(x * 2 ** octave, y * 2 ** octave) * weight;
    return total / 0.97;
  };
}

/** The scene as raw RGB at a small size: smooth enough to enlarge without blocks. */
function drawScene(width: number, height: number, seed: number): Buffer {
  const next = seededRandom(seed);
  const warmth = next();
  const sun = { x: 0.2 + next() * 0.6, y: 0.15 + next() * 0.2 };
  const ridges = [0, 1, 2].map((layer) => ({
    base: 0.34 + layer * 0.13 + next() * 0.05,
    waves: [0, 1, 2, 3].map(() => ({ frequency: 1 + next() * 9, phase: next() * 6.3, amplitude: next() })),
    shade: 0.55 - layer * 0.18,
    haze: [0.55, 0.25, 0][layer],
  }));
  const lake = 0.78 + next() * 0.06;
  const noise = fractalNoise(next);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      // Sky: deep blue overhead to a warm haze at the horizon, with the sun's glow.
      const glow = Math.exp(-((u - sun.x) ** 2 + ((v - sun.y) * 1.4) ** 2) * 18);
      let r = mix(60, 235, v * 0.9) + glow * 120 * (0.6 + warmth) + warmth * 40 * v;
      let g = mix(110, 215, v * 0.9) + glow * 100;
      let b = mix(200, 225, v) + glow * 40 - warmth * 30 * v;
      for (const ridge of ridges) {
        let top = ridge.base - (noise(u * 12, ridge.base * 50) - 0.5) * 0.06;
        for (const wave of ridge.waves)
          top -= (Math.sin(u * wave.frequency + wave.phase) * 0.5 + 0.5) * wave.amplitude * 0.07;
        if (v > top) {
          const depth = Math.min(1, (v - top) * 4);
          // Forest and rock: the texture is darker low down and lit on the sun's side.
          const texture = noise(u * 60 + ridge.base * 9, v * 60) - 0.5;
          const light = 1 + texture * 0.6 + (0.5 - Math.abs(u - sun.x)) * 0.25;
          r = (mix(95, 45, depth) * ridge.shade + 40 * (1 - ridge.shade) + glow * 25) * light;
          g = (mix(125, 85, depth) * ridge.shade + 58 * (1 - ridge.shade)) * light;
          b = (mix(105, 80, depth) * ridge.shade + 72 * (1 - ridge.shade)) * light;
          // Haze: the farther a ridge, the more of the sky's colour it takes.
          const haze = ridge.haze;
          r = mix(r, 150 + glow * 40, haze);
          g = mix(g, 170 + glow * 30, haze);
          b = mix(b, 205, haze);
        }
      }
      if (v > lake) {
        // Water mirrors the sky, darker and rippled.
        const ripple = (noise(u * 8, v * 160) - 0.5) * 0.35;
        const mirror = Math.max(0, 2 * lake - v);
        r = mix(60, 200, mirror) * (0.7 + ripple);
        g = mix(100, 195, mirror) * (0.7 + ripple);
        b = mix(140, 210, mirror) * (0.75 + ripple);
      }
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, r));
      pixels[at + 1] = Math.max(0, Math.min(255, g));
      pixels[at + 2] = Math.max(0, Math.min(255, b));
    }
  }
  return pixels;
}

/** A photograph's bytes in the given format. */
export async function makePhoto(options: PhotoOptions): Promise<Buffer> {
  const { width, height, seed = 1, format = 'jpeg', grain = 6 } = options;
  const smallWidth = Math.max(2, Math.round(width / 8));
  const smallHeight = Math.max(2, Math.round(height / 8));
  let image = sharp(drawScene(smallWidth, smallHeight, seed), {
    raw: { width: smallWidth, height: smallHeight, channels: 3 },
  }).resize(width, height, { kernel: 'cubic' });
  if (grain > 0) {
    const enlarged = await image.raw().toBuffer();
    const noise = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 0, sigma: grain },
      },
    })
      .raw()
      .toBuffer();
    // Grain around zero: create() clamps at 0, so the noise is centred by subtracting its mean.
    for (let index = 0; index < enlarged.length; index++)
      enlarged[index] = Math.max(0, Math.min(255, enlarged[index] + noise[index] - grain * 0.8));
    image = sharp(enlarged, { raw: { width, height, channels: 3 } });
  }
  const quality = options.quality ?? 85;
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  if (format === 'avif') return image.avif({ quality }).toBuffer();
  return image.jpeg({ quality }).toBuffer();
}
