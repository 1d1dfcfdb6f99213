/**
 * Which parts of the site a set of changed files needs rebuilt. Pure: the
 * watcher hands it absolute paths, the session acts on the plan.
 */
import path from 'node:path';

export interface WatchedFolders {
  contentDir: string;
  clientDir: string;
  templatesDir: string;
}

export interface RebuildPlan {
  /** Changed content files, relative to the content folder with forward slashes (`texts/de/home.yaml`). */
  contentFiles: string[];
  /** A stylesheet changed: only the CSS is rebuilt. */
  styles: boolean;
  /** A client script changed: only the scripts are rebundled. */
  scripts: boolean;
  /** A template changed: every page is rendered with the new template code. */
  templates: boolean;
}

export const emptyPlan = (): RebuildPlan => ({
  contentFiles: [],
  styles: false,
  scripts: false,
  templates: false,
});

/** Everything: the first build, or the one after a failure of unknown extent. */
export const fullPlan = (): RebuildPlan => ({
  contentFiles: ['*'],
  styles: true,
  scripts: true,
  templates: true,
});

export const isEmptyPlan = (plan: RebuildPlan) =>
  plan.contentFiles.length === 0 && !plan.styles && !plan.scripts && !plan.templates;

function inside(file: string, folder: string): string | undefined {
  const relative = path.relative(folder, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative)
    ? relative.split(path.sep).join('/')
    : undefined;
}

export function planRebuild(changed: Iterable<string>, folders: WatchedFolders): RebuildPlan {
  const plan = emptyPlan();
  const contentFiles = new Set<string>();
  for (const file of changed) {
    // The content folder itself removed or put back: every file is read again.
    if (path.resolve(file) === path.resolve(folders.contentDir)) {
      contentFiles.add('*');
      continue;
    }
    const content = inside(file, folders.contentDir);
    if (content !== undefined) {
      contentFiles.add(content);
      continue;
    }
    const client = inside(file, folders.clientDir);
    if (client !== undefined) {
      if (client.endsWith('.css')) plan.styles = true;
      else if (/\.[cm]?[jt]sx?$/.test(client)) plan.scripts = true;
      continue;
    }
    if (inside(file, folders.templatesDir) !== undefined) plan.templates = true;
  }
  plan.contentFiles = [...contentFiles].sort();
  return plan;
}

/** A plan that does what both do: changes left over from a failed rebuild join the next one. */
export function mergePlans(a: RebuildPlan, b: RebuildPlan): RebuildPlan {
  return {
    contentFiles: [...new Set([...a.contentFiles, ...b.contentFiles])].sort(),
    styles: a.styles || b.styles,
    scripts: a.scripts || b.scripts,
    templates: a.templates || b.templates,
  };
}

/** The pages that read any of the changed content files; `*` stands for every file. */
export function pagesReading<T extends { sources: string[] }>(pages: T[], contentFiles: string[]): T[] {
  if (contentFiles.includes('*')) return pages;
  const changed = new Set(contentFiles);
  return pages.filter((page) => page.sources.some((source) => changed.has(source)));
}
