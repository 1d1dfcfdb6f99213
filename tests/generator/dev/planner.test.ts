import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  emptyPlan,
  isEmptyPlan,
  mergePlans,
  pagesReading,
  planRebuild,
} from '../../../generator/dev/planner.ts';

const folders = { contentDir: '/site/content', clientDir: '/site/client', templatesDir: '/site/templates' };
const plan = (...files: string[]) =>
  planRebuild(
    files.map((file) => path.join('/site', file)),
    folders,
  );

describe('planRebuild', () => {
  it('names the content files that changed, relative to the content folder', () => {
    expect(plan('content/texts/de/home.yaml', 'content/plans.yaml', 'content/texts/de/home.yaml')).toEqual({
      ...emptyPlan(),
      contentFiles: ['plans.yaml', 'texts/de/home.yaml'],
    });
  });

  it('reads every content file again when the content folder itself was removed or put back', () => {
    expect(plan('content', 'content/plans.yaml')).toEqual({
      ...emptyPlan(),
      contentFiles: ['*', 'plans.yaml'],
    });
  });

  it('rebuilds only the stylesheet for a CSS edit, only the scripts for a script edit', () => {
    expect(plan('client/styles/home.css')).toEqual({ ...emptyPlan(), styles: true });
    expect(plan('client/lib/header.ts')).toEqual({ ...emptyPlan(), scripts: true });
  });

  it('renders with new template code for a template edit', () => {
    expect(plan('templates/pages/HomePage.tsx')).toEqual({ ...emptyPlan(), templates: true });
  });

  it('ignores files outside the watched folders and client files that are neither styles nor scripts', () => {
    expect(isEmptyPlan(plan('README.md', 'client/notes.txt', 'contentious/x.yaml'))).toBe(true);
  });

  it('merges the changes of a failed rebuild into the next', () => {
    expect(mergePlans(plan('content/plans.yaml'), plan('client/styles.css', 'content/zones.yaml'))).toEqual({
      ...emptyPlan(),
      contentFiles: ['plans.yaml', 'zones.yaml'],
      styles: true,
    });
  });
});

describe('pagesReading', () => {
  const pages = [
    { file: 'index.html', sources: ['site.yaml', 'texts/it/home.yaml'] },
    { file: 'en/index.html', sources: ['site.yaml', 'texts/en/home.yaml', 'texts/it/home.yaml'] },
    { file: 'en/about/index.html', sources: ['site.yaml', 'texts/en/about.yaml', 'texts/it/about.yaml'] },
  ];

  it('selects the pages that read a changed file, Italian fallbacks included', () => {
    expect(pagesReading(pages, ['texts/it/home.yaml']).map((page) => page.file)).toEqual([
      'index.html',
      'en/index.html',
    ]);
    expect(pagesReading(pages, ['texts/en/about.yaml']).map((page) => page.file)).toEqual([
      'en/about/index.html',
    ]);
    expect(pagesReading(pages, ['texts/fr/about.yaml'])).toEqual([]);
  });

  it('selects every page for `*`', () => {
    expect(pagesReading(pages, ['*'])).toHaveLength(3);
  });
});
