/**
 * `site build` and `site dev` run the same stages (generator/build/stages.ts): the
 * same content through both gives the same files, byte for byte (dev's photo
 * encodings made on request), and the same
 * errors, including for a text a page shows that no language has (a check dev
 * once skipped, so it served what build refused).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build/pipeline.ts';
import { createMemoryWriter } from '../../../generator/build/writer.ts';
import { fullPlan } from '../../../generator/dev/planner.ts';
import { createDevSession } from '../../../generator/dev/session.ts';
import { createTemplateCode, type TemplateCode } from '../../../generator/dev/templateCode.ts';
import { isSiteError, type SiteError } from '../../../generator/errors/siteError.ts';
import { copyRealContent, makeTempDir, projectRoot } from '../../helpers/site.ts';

let templateCode: TemplateCode;
const clientDir = path.join(projectRoot, 'client');

beforeAll(async () => {
  templateCode = await createTemplateCode(projectRoot);
});
afterAll(async () => templateCode?.close());

const bytes = (contents: string | Uint8Array) => Buffer.from(contents);

async function throughBuild(contentDir: string) {
  const writer = createMemoryWriter();
  try {
    await build({ contentDir, writer });
    return { files: writer.files };
  } catch (error) {
    return { error };
  }
}

async function throughDev(contentDir: string) {
  const session = createDevSession({ contentDir, clientDir, templateCode });
  try {
    await session.rebuild(fullPlan());
    await session.finish(fullPlan());
    return { files: session.output, photo: session.photo };
  } catch (error) {
    return { error };
  }
}

/** What a user sees of an error: its code, message, hint, location and each problem's. */
function shown(error: unknown): unknown {
  if (!isSiteError(error)) throw error;
  const plain = (e: SiteError): unknown => ({
    code: e.code,
    message: e.message,
    hint: e.hint,
    location: e.location,
    problems: e.problems.map(plain),
  });
  return plain(error);
}

describe('site build and site dev share the stages', () => {
  it('write the same files, byte for byte, from the same content', async () => {
    const contentDir = await copyRealContent(await makeTempDir('stages-same'));
    const [built, served] = [await throughBuild(contentDir), await throughDev(contentDir)];
    expect(built.error).toBeUndefined();
    expect(served.error).toBeUndefined();
    const builtFiles = built.files!;
    const servedFiles = served.files!;
    // Dev encodes a photo's widths and formats when a tab first asks for one: the rest it holds at once.
    const onRequest = [...builtFiles.keys()].filter((file) => served.photo!(file) !== undefined);
    expect(onRequest.some((file) => file.endsWith('.avif'))).toBe(true);
    expect([...servedFiles.keys(), ...onRequest].sort()).toEqual([...builtFiles.keys()].sort());
    expect(builtFiles.size).toBeGreaterThan(0);
    for (const [file, contents] of builtFiles) {
      const servedContents = servedFiles.get(file) ?? (await served.photo!(file));
      expect(bytes(servedContents!).equals(bytes(contents)), file).toBe(true);
    }
  });

  it('refuse, with the same error, a text a page shows that no language has', async () => {
    const contentDir = await copyRealContent(await makeTempDir('stages-missing-text'));
    // The footer shows `common.footer.terms` (the template's key, not the content's): no language keeps it.
    const languages = await readdir(path.join(contentDir, 'texts'));
    for (const language of languages) {
      const file = path.join(contentDir, 'texts', language, 'common.yaml');
      const document = parseDocument(await readFile(file, 'utf8'));
      expect(document.hasIn(['footer', 'terms']), file).toBe(true);
      document.deleteIn(['footer', 'terms']);
      await writeFile(file, document.toString());
    }
    const [built, served] = [await throughBuild(contentDir), await throughDev(contentDir)];
    expect(built.files).toBeUndefined();
    expect(served.files).toBeUndefined();
    const error = shown(built.error) as { code: string; problems: { message: string }[] };
    expect(error.code).toBe('TEXT_MISSING_REFERENCE');
    expect(error.problems.map((problem) => problem.message)).toContain(
      'No language has the text "common.footer.terms", which a page shows',
    );
    expect(shown(served.error)).toEqual(error);
  });

  it('refuse, with the same error, content that does not validate', async () => {
    const contentDir = await copyRealContent(await makeTempDir('stages-invalid'));
    const file = path.join(contentDir, 'site.yaml');
    await writeFile(file, `${await readFile(file, 'utf8')}\nnotASetting: true\n`);
    const [built, served] = [await throughBuild(contentDir), await throughDev(contentDir)];
    expect((shown(built.error) as { code: string }).code).toMatch(/^CONTENT_/);
    expect(shown(served.error)).toEqual(shown(built.error));
  });
});
