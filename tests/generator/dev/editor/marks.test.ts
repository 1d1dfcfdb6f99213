/**
 * The editor's key marks: on small named fixtures, where each text's key lands;
 * on the real content, that `site build` writes the same bytes as before and that
 * every page dev serves with key attributes is, without them, the build's page.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTextMarker,
  markLegalTexts,
  placeMarks,
  removeKeyAttributes,
  stripMarks,
} from '../../../../generator/dev/editor/marks.ts';
import { fullPlan } from '../../../../generator/dev/planner.ts';
import { createDevSession } from '../../../../generator/dev/session.ts';
import { createTemplateCode, type TemplateCode } from '../../../../generator/dev/templateCode.ts';
import { copyProject } from '../../../helpers/dev.ts';
import { makeTempDir } from '../../../helpers/site.ts';

describe('key marks', () => {
  it('puts a text key on the element that shows it and an attribute key under the attribute’s name', () => {
    const marker = createTextMarker();
    const title = marker.mark('home.hero.title', 'Mobile for business');
    const alt = marker.mark('home.images.vision', 'A view');
    const html = `<html><head><title>${marker.mark('home.meta.title', 'Home')}</title></head><body><h1 class="x">${title}</h1><p>Before <strong>${title}</strong> after</p><img src="/a.svg" alt="${alt}"/><script type="application/ld+json">{"name":"${title}"}</script></body></html>`;
    const placed = placeMarks(html, marker.keys);
    expect(placed).toBe(
      '<html><head><title data-site-key="home.meta.title">Home</title></head><body><h1 data-site-key="home.hero.title" class="x">Mobile for business</h1><p>Before <strong data-site-key="home.hero.title">Mobile for business</strong> after</p><img data-site-key-alt="home.images.vision" src="/a.svg" alt="A view"/><script type="application/ld+json">{"name":"Mobile for business"}</script></body></html>',
    );
    expect(removeKeyAttributes(placed)).toBe(stripMarks(html));
  });

  it('names every key of an element whose text joins several texts', () => {
    const marker = createTextMarker();
    const html = `<p>${marker.mark('a.one', 'One')} ${marker.mark('a.two', 'Two')} ${marker.mark('a.one', 'One')}</p>`;
    expect(placeMarks(html, marker.keys)).toBe('<p data-site-key="a.one a.two">One Two One</p>');
  });

  it('leaves a page without marks byte for byte as it was', () => {
    const html =
      '<!doctype html><html lang="en"><body><!-- note --><p>Plain &amp; simple</p><br/></body></html>';
    expect(placeMarks(html, [])).toBe(html);
  });
});

describe('legal texts', () => {
  it('marks each text of a legal document under its @legal key (the cookie policy’s under @cookie-policy), and leaves dates and table names alone', () => {
    const marker = createTextMarker();
    const content = {
      other: 'kept',
      legal: {
        en: {
          terms: {
            title: 'Terms',
            lastUpdated: '2025-10-12',
            sections: [{ heading: 'Scope', paragraphs: ['One.'], tariffTable: 'payPerUse' }],
          },
        },
      },
      cookiePolicy: { title: 'Cookies', lastUpdated: '2025-10', sections: [{ heading: 'What' }] },
    };
    const marked = markLegalTexts(content, marker.mark);
    const terms = marked.legal.en.terms;
    expect(marked.other).toBe('kept');
    expect(terms.lastUpdated).toBe('2025-10-12');
    expect(terms.sections[0].tariffTable).toBe('payPerUse');
    expect(placeMarks(`<p>${terms.sections[0].paragraphs[0]}</p>`, marker.keys)).toBe(
      '<p data-site-key="@legal.terms.sections.0.paragraphs.0">One.</p>',
    );
    expect(stripMarks(terms.title)).toBe('Terms');
    expect(marked.cookiePolicy.lastUpdated).toBe('2025-10');
    expect(placeMarks(`<h2>${marked.cookiePolicy.sections[0].heading}</h2>`, marker.keys)).toBe(
      '<h2 data-site-key="@cookie-policy.cookiePolicy.sections.0.heading">What</h2>',
    );
  });
});

describe('the render stage with and without the editor’s marks', () => {
  let templateCode: TemplateCode | undefined;
  afterAll(async () => templateCode?.close());

  // `site build` never sets the render stage's markText (build.ts has no such option); dev without the
  // editor renders through the same stage the same way. Here: that path against the editor's, page by page.
  it('renders every page to the same bytes as without marks, plus key attributes', async () => {
    const copyRoot = await copyProject(await makeTempDir('editor-marks'));
    const contentDir = path.join(copyRoot, 'content');
    const clientDir = path.join(copyRoot, 'client');
    templateCode = await createTemplateCode(copyRoot);
    // The build's own path (no marks) and the editor's, over the same content and code.
    const plain = createDevSession({ contentDir, clientDir, templateCode });
    await plain.rebuild(fullPlan());
    const session = createDevSession({ contentDir, clientDir, templateCode, markTexts: true });
    await session.rebuild(fullPlan());
    const pages = [...plain.output.keys()].filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(0);
    let marked = 0;
    for (const file of pages) {
      const built = plain.output.get(file) as string;
      const served = session.output.get(file) as string;
      expect(served, file).toBeTypeOf('string');
      expect(served).not.toMatch(/[\uE000\uE001]/);
      if (served !== built) marked++;
      const unmarked = removeKeyAttributes(served);
      // Where they differ, with some context: a page is too long to compare whole in a message.
      let at = 0;
      while (at < built.length && unmarked[at] === built[at]) at++;
      expect(unmarked.slice(Math.max(0, at - 120), at + 120), file).toBe(
        built.slice(Math.max(0, at - 120), at + 120),
      );
      expect(unmarked.length, file).toBe(built.length);
    }
    // Every page shows content texts.
    expect(marked).toBe(pages.length);
  }, 600_000);
});
