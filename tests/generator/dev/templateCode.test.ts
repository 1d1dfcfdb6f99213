/**
 * Template code that changes while `site dev` runs, on a copy of the project: the render stage is
 * bundled once and reused, bundled afresh after an edit, a template that does not compile is named
 * with its file and line, and the bundles are removed when dev stops (or by the next dev after a kill).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateCode, type TemplateCode } from '../../../generator/dev/templateCode.ts';
import { copyProject } from '../../helpers/dev.ts';
import { makeTempDir } from '../../helpers/site.ts';

let copyRoot: string;
let logos: string;
let original: string;
let templateCode: TemplateCode;
const cacheDir = () => path.join(copyRoot, 'node_modules/.cache/site/dev');

beforeAll(async () => {
  copyRoot = await copyProject(await makeTempDir('template-code'));
  logos = path.join(copyRoot, 'templates/logos.tsx');
  original = await readFile(logos, 'utf8');
  templateCode = await createTemplateCode(copyRoot);
}, 300_000);
afterAll(async () => {
  await templateCode?.close();
  if (original) await writeFile(logos, original);
});

describe('the template code', () => {
  it('loads the render stage once and reuses it until invalidated', async () => {
    const first = await templateCode.load();
    expect(first.renderAppIcon('#123456')).toContain('fill="#123456"');
    expect(await templateCode.load()).toBe(first);
  });

  it('lists the project files the bundle was made from, absolute', () => {
    expect(templateCode.inputs).toEqual(
      expect.arrayContaining([path.join(copyRoot, 'generator/build/render.ts'), logos]),
    );
    expect(templateCode.inputs.every((input) => path.isAbsolute(input))).toBe(true);
    expect(templateCode.inputs.some((input) => input.includes('node_modules'))).toBe(false);
  });

  it('bundles an edited template afresh after invalidate, as a new module', async () => {
    const before = await templateCode.load();
    // The app icon's corner radius (the brand mark above it has the same rect in another colour).
    await writeFile(logos, original.replace('rx="8" fill={colour}', 'rx="3" fill={colour}'));
    expect((await templateCode.load()).renderAppIcon('#000')).toContain('rx="8"');
    templateCode.invalidate();
    const after = await templateCode.load();
    expect(after).not.toBe(before);
    expect(after.renderAppIcon('#000')).toContain('rx="3"');
  });

  it('names the file and line of a template that does not compile, and loads again once it is fixed', async () => {
    const lines = original.split('\n');
    const line = lines.findIndex((text) => text.includes('fill={colour}')) + 1;
    await writeFile(logos, original.replace('fill={colour}', 'fill={colour} {'));
    templateCode.invalidate();
    await expect(templateCode.load()).rejects.toThrow(
      new RegExp(`^The templates do not compile:\\n[^]*templates/logos\\.tsx:${line}:`),
    );
    await writeFile(logos, original);
    expect((await templateCode.load()).renderAppIcon('#abcdef')).toContain('fill="#abcdef"');
  });

  it('removes the bundles of a dev that was killed, keeps a running one’s, and its own when closed', async () => {
    const dead = path.join(cacheDir(), 'templates-999999999-1');
    const running = path.join(cacheDir(), `templates-${process.ppid}-1`);
    await mkdir(dead, { recursive: true });
    await mkdir(running, { recursive: true });
    const second = await createTemplateCode(copyRoot);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(running)).toBe(true);
    await second.load();
    const own = (await readdir(cacheDir())).filter((name) => name.startsWith(`templates-${process.pid}-`));
    expect(own).toHaveLength(2);
    await second.close();
    expect(
      (await readdir(cacheDir())).filter((name) => name.startsWith(`templates-${process.pid}-`)),
    ).toHaveLength(1);
  });
});
