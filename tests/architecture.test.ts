/**
 * Imports run one way: the model imports nothing of the build; templates and client
 * scripts import the model (and, for their types only, the shape of the content),
 * never a build stage; of the build, only the render stage imports templates (dev
 * bundles templates through it, by path); the image codec (generator/images) imports
 * neither the content nor the build. Read from the source with the TypeScript
 * compiler's parser, so a forbidden import fails here, named, before any review.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

export interface ProjectImport {
  /** Both relative to the project root, with forward slashes. */
  from: string;
  to: string;
  /** `import type`, or every name imported marked `type`: gone at run time. */
  typeOnly: boolean;
}

/** Every import, re-export and dynamic import of a project file from another project file. */
export function projectImports(file: string, text: string): ProjectImport[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: ProjectImport[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
    const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.text));
    found.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypes =
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly) &&
        clause?.name === undefined;
      add(node.moduleSpecifier, clause?.isTypeOnly === true || allNamedTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The layer a project file belongs to, by its folder. */
function layerOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'generator') return parts.length > 2 ? `generator/${parts[1]}` : 'generator';
  return parts[0];
}

interface Rule {
  /** What the layer may import at run time (values). */
  values: string[];
  /** What it may import for types alone, besides `values`. */
  types?: string[];
  /** Files of the layer allowed one import more, e.g. the render stage's templates. */
  except?: Record<string, string[]>;
}

/**
 * Who may import whom. Not listed: free (the CLI, the benches, the tests). The shape
 * of the content (its zod types) is a type every side reads; its loader is not.
 */
export const rules: Record<string, Rule> = {
  'generator/errors': { values: ['generator/errors'] },
  'generator/model': { values: ['generator/model', 'generator/errors'], types: ['generator/content'] },
  'generator/content': { values: ['generator/content', 'generator/model', 'generator/errors'] },
  // The translation record and `site translations`: read by the build (counts, --strict) and the i18n gate.
  'generator/translations': {
    values: ['generator/translations', 'generator/content', 'generator/model', 'generator/errors'],
  },
  // Templates share with the browser scripts the rules both run (mail drafts, form rules, consent).
  templates: { values: ['templates', 'generator/model', 'client'], types: ['generator/content'] },
  client: {
    values: ['client', 'generator/model'],
    // The live-reload script reads the messages dev sends it.
    types: ['generator/model', 'generator/dev'],
  },
  // The image codec (sharp): reads and encodes image files; knows nothing of pages or the build.
  'generator/images': { values: ['generator/images', 'generator/model', 'generator/errors'] },
  'generator/build': {
    values: [
      // generator/project.ts: where the project and its cache are.
      'generator',
      'generator/build',
      'generator/images',
      'generator/content',
      'generator/model',
      'generator/errors',
      'generator/hosting',
      'generator/translations',
    ],
    except: { 'generator/build/render.ts': ['templates'] },
  },
  'generator/hosting': {
    values: ['generator/hosting', 'generator/model', 'generator/errors'],
    types: ['generator/content'],
  },
  'generator/preview': { values: ['generator/preview', 'generator/hosting', 'generator/errors'] },
  'generator/check': {
    values: [
      'generator/check',
      'generator/content',
      'generator/model',
      'generator/errors',
      'generator/build',
      'generator/preview',
      'generator/translations',
    ],
  },
  'generator/dev': {
    values: [
      'generator/dev',
      'generator/build',
      'generator/content',
      'generator/model',
      'generator/errors',
      'generator/preview',
      // The editor panel shows each text's translation status and confirms a translation.
      'generator/translations',
    ],
  },
};

/** The imports the rules forbid, as `from -> to` lines. */
export function forbiddenImports(imports: ProjectImport[]): string[] {
  return imports
    .filter(({ from, to, typeOnly }) => {
      const rule = rules[layerOf(from)];
      if (!rule) return false;
      const allowed = [
        ...rule.values,
        ...(typeOnly ? (rule.types ?? []) : []),
        ...(rule.except?.[from] ?? []),
      ];
      return !allowed.includes(layerOf(to));
    })
    .map(({ from, to, typeOnly }) => `${from} -> ${to}${typeOnly ? ' (types)' : ''}`);
}

function readProjectImports(): ProjectImport[] {
  const files = fg.sync(['generator/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}', 'client/**/*.ts'], {
    cwd: root,
  });
  return files.flatMap((file) => projectImports(file, readFileSync(path.join(root, file), 'utf8')));
}

describe('import direction', () => {
  it('no import runs against the layers: model <- content <- build, model <- templates, only render imports templates', () => {
    const imports = readProjectImports();
    // The reader must see the project's imports at all, or an empty list would pass.
    expect(
      imports.some((edge) => edge.from === 'generator/build/render.ts' && edge.to.startsWith('templates/')),
    ).toBe(true);
    expect(forbiddenImports(imports)).toEqual([]);
  });

  it('names an import from a template into a build stage, a value import of the loader, and templates outside render', () => {
    const planted = [
      ...projectImports('templates/Page.tsx', "import { buildAssets } from '../generator/build/assets.ts';"),
      ...projectImports('templates/Page.tsx', "import { loadContent } from '../generator/content/load.ts';"),
      ...projectImports('templates/Page.tsx', "import type { Plan } from '../generator/content/schema.ts';"),
      ...projectImports('generator/build/social.ts', "import { pageMeta } from '../../templates/meta.ts';"),
      ...projectImports('generator/model/pages.ts', "export { renderPage } from '../build/render.ts';"),
      ...projectImports('client/main.ts', "const m = await import('../generator/build/render.ts');"),
      ...projectImports(
        'generator/content/load.ts',
        "import { type Flag } from '../../templates/flags.tsx';",
      ),
    ];
    expect(forbiddenImports(planted)).toEqual([
      'templates/Page.tsx -> generator/build/assets.ts',
      'templates/Page.tsx -> generator/content/load.ts',
      'generator/build/social.ts -> templates/meta.ts',
      'generator/model/pages.ts -> generator/build/render.ts',
      'client/main.ts -> generator/build/render.ts',
      'generator/content/load.ts -> templates/flags.tsx (types)',
    ]);
  });
});
