/**
 * The contact sheet on a few named screenshots (the files’ contents do not matter to it): page types
 * home first, a row per page, faults outlined, a changed screenshot shown beside the accepted one.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeContactSheet, type SheetEntry } from '../../../generator/check/contactSheet.ts';
import { makeTempDir } from '../../helpers/site.ts';

let workDir: string;
let shotsDir: string;
const shot = (name: string) => path.join(shotsDir, name);

beforeAll(async () => {
  workDir = await makeTempDir('contact-sheet');
  shotsDir = path.join(workDir, 'shots');
  await mkdir(shotsDir);
  await mkdir(path.join(workDir, 'baseline'));
  for (const name of ['index-375.png', 'index-1280.png', 'en-plans-375.png', 'en-plans-1280.png'])
    await writeFile(shot(name), name);
  await writeFile(path.join(workDir, 'baseline', 'en-plans-375.png'), 'accepted look');
});

/** A plans page listed before the home page, with a faulty phone shot that changed since the baseline. */
const entries = (): SheetEntry[] => [
  {
    type: 'plans <list>',
    language: 'en',
    path: '/en/plans/',
    faults: 2,
    shots: [
      {
        name: 'phone',
        width: 375,
        file: shot('en-plans-375.png'),
        faults: 2,
        changed: {
          share: 0.0234,
          baseline: path.join(workDir, 'baseline', 'en-plans-375.png'),
          diff: path.join(workDir, 'diff', 'en-plans-375.png'),
        },
      },
      { name: 'desktop', width: 1280, file: shot('en-plans-1280.png'), faults: 0 },
    ],
  },
  {
    type: 'home',
    language: 'it',
    path: '/',
    faults: 0,
    shots: [
      { name: 'phone', width: 375, file: shot('index-375.png'), faults: 0 },
      { name: 'desktop', width: 1280, file: shot('index-1280.png'), faults: 0 },
    ],
  },
];

describe('the contact sheet', () => {
  it('writes index.html in the report folder, with a section per page type, the shortest address first', async () => {
    const reportDir = path.join(workDir, 'report');
    const file = await writeContactSheet(reportDir, entries());
    expect(file).toBe(path.join(reportDir, 'index.html'));
    const document = parse(await readFile(file, 'utf8'));
    expect(document.querySelector('h1')!.text).toBe('Layout contact sheet: 2 page types, 2 pages');
    expect(document.querySelectorAll('h2').map((heading) => heading.text)).toEqual(['home', 'plans <list>']);
    expect(document.querySelector('p')!.text).toMatch(/ 1 screenshots changed since the accepted baseline, /);
  });

  it('links each screenshot relative to the sheet, outlines a failing one and counts the page’s faults', async () => {
    const reportDir = path.join(workDir, 'report-links');
    const document = parse(await readFile(await writeContactSheet(reportDir, entries()), 'utf8'));
    const [home, plans] = document.querySelectorAll('.row');
    expect(home.querySelectorAll('img').map((image) => image.getAttribute('src'))).toEqual([
      '../shots/index-375.png',
      '../shots/index-1280.png',
    ]);
    expect(home.querySelector('.faults')).toBeNull();
    expect(plans.querySelector('.faults')!.text).toBe('2 layout faults');
    const phone = plans.querySelector('figure.phone')!;
    expect(phone.classList.contains('failing')).toBe(true);
    expect(phone.querySelector('figcaption')!.text).toBe('375 px, 2 faults');
    expect(phone.querySelector('img')!.getAttribute('alt')).toBe('/en/plans/ at 375 px');
    expect(plans.querySelector('figure.desktop')!.classList.contains('failing')).toBe(false);
  });

  it('shows a changed screenshot beside a copy of the accepted one and the changed pixels', async () => {
    const reportDir = path.join(workDir, 'report-changed');
    const document = parse(await readFile(await writeContactSheet(reportDir, entries()), 'utf8'));
    const changed = document.querySelector('.changed')!;
    expect(changed.querySelectorAll('figcaption').map((caption) => caption.text)).toEqual([
      'accepted',
      'now',
      '2.3 % changed',
    ]);
    expect(changed.querySelectorAll('img').map((image) => image.getAttribute('src'))).toEqual([
      'accepted/en-plans-375.png',
      '../shots/en-plans-375.png',
      '../diff/en-plans-375.png',
    ]);
    expect(await readdir(path.join(reportDir, 'accepted'))).toEqual(['en-plans-375.png']);
    expect(await readFile(path.join(reportDir, 'accepted', 'en-plans-375.png'), 'utf8')).toBe(
      'accepted look',
    );
  });

  it('says so when nothing changed, and copies nothing', async () => {
    // The layout gate writes the sheet into the folder that holds its screenshots: the folder exists.
    const reportDir = path.join(workDir, 'report-unchanged');
    await mkdir(reportDir);
    const [, home] = entries();
    const html = await readFile(await writeContactSheet(reportDir, [home]), 'utf8');
    expect(html).toMatch(/Nothing changed since the accepted baseline, or none was accepted\./);
    expect(await readdir(reportDir)).toEqual(['index.html']);
  });

  it('escapes what it quotes from the pages', async () => {
    const reportDir = path.join(workDir, 'report-escaped');
    const html = await readFile(await writeContactSheet(reportDir, entries()), 'utf8');
    expect(html).toContain('<h2>plans &lt;list&gt;</h2>');
    expect(html).not.toContain('<list>');
  });
});
