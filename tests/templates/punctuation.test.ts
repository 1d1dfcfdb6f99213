/**
 * Templates type no punctuation a language writes differently (: ; ? ! « »): it
 * belongs in the texts, where the content stage gives French its narrow no-break
 * spaces (generator/model/typography.ts). A rule on the templates' code, read with
 * the TypeScript parser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** `file:line "text"` for each JSX text or string child of a template that holds such a mark. */
function typedPunctuation(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal = ts.isJsxText(node)
      ? node.text
      : ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression)
        ? node.expression.text
        : undefined;
    if (literal !== undefined && /[:;?!«»]/.test(literal))
      found.push(
        `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(literal.trim())}`,
      );
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('templates', () => {
  it('type no punctuation that a language writes differently (: ; ? ! « ») before or after a text', () => {
    const files = fg.sync('templates/**/*.tsx', { cwd: root });
    expect(files.length).toBeGreaterThan(0);
    expect(
      files.flatMap((file) => typedPunctuation(file, readFileSync(path.join(root, file), 'utf8'))),
    ).toEqual([]);
  });

  it('names a colon typed after a text, and not one inside an attribute or a text lookup', () => {
    const planted = [
      'const a = <p>{t("contact.phone")}: {phone}</p>;',
      'const b = <p title="x: y">{t("a:b")}</p>;',
      'const c = <p>{"«"}{t("quote")}{"»"}</p>;',
    ].join('\n');
    expect(typedPunctuation('templates/Planted.tsx', planted)).toEqual([
      'templates/Planted.tsx:1 ":"',
      'templates/Planted.tsx:3 "«"',
      'templates/Planted.tsx:3 "»"',
    ]);
  });
});
