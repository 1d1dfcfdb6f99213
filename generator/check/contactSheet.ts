/**
 * The contact sheet: one HTML file that shows the whole site at a glance, a row per page type
 * and language with its phone and desktop screenshots (each linking to the full-size image),
 * failing elements outlined red in the screenshots, and what changed since the accepted
 * baseline side by side with the accepted look and the changed pixels.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SheetShot {
  name: string;
  width: number;
  file: string;
  faults: number;
  changed?: { share: number; baseline: string; diff: string };
}

export interface SheetEntry {
  type: string;
  language: string;
  path: string;
  faults: number;
  shots: SheetShot[];
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

const style = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; color: #1a1a1a; }
h1 { font-size: 1.3rem; } h2 { font-size: 1.05rem; margin: 1.5rem 0 0.5rem; }
.row { display: flex; gap: 1rem; align-items: flex-start; padding: 0.4rem 0; border-top: 1px solid #ddd; }
.row > .label { width: 11rem; flex: none; overflow-wrap: anywhere; }
.label .faults { color: #b00000; font-weight: 600; }
figure { margin: 0; }
figure img { display: block; height: 150px; object-fit: cover; object-position: top; border: 1px solid #ccc; }
figure.phone img { width: 75px; } figure.desktop img { width: 256px; }
figure.failing img { border: 2px solid #e00000; }
figcaption { font-size: 12px; color: #555; }
.changed { display: flex; gap: 0.5rem; padding: 0.3rem; background: #fff6d6; border: 1px solid #e0c060; }
.changed figure img { width: 128px; }
`;

/** Writes `index.html` in `reportDir`, with copies of the accepted screenshots it shows. */
export async function writeContactSheet(reportDir: string, entries: SheetEntry[]): Promise<string> {
  const link = (file: string) => escape(path.relative(reportDir, file).split(path.sep).join('/'));
  const acceptedDir = path.join(reportDir, 'accepted');
  const figure = (className: string, file: string, caption: string, alt: string) =>
    `<figure class="${className}"><a href="${link(file)}"><img src="${link(file)}" alt="${escape(alt)}" loading="lazy"></a><figcaption>${escape(caption)}</figcaption></figure>`;
  // The page types in the order of their shortest address: the home page first.
  const shortest = (type: string) =>
    Math.min(...entries.filter((entry) => entry.type === type).map((entry) => entry.path.length));
  const types = [...new Set(entries.map((entry) => entry.type))].sort((a, b) => shortest(a) - shortest(b));
  const sections: string[] = [];
  const changedCount = entries.flatMap((entry) => entry.shots).filter((shot) => shot.changed).length;
  for (const type of types) {
    const rows: string[] = [];
    for (const entry of entries.filter((candidate) => candidate.type === type)) {
      const figures: string[] = [];
      for (const shot of entry.shots) {
        figures.push(
          figure(
            `${shot.name}${shot.faults ? ' failing' : ''}`,
            shot.file,
            `${shot.width} px${shot.faults ? `, ${shot.faults} faults` : ''}`,
            `${entry.path} at ${shot.width} px`,
          ),
        );
        if (shot.changed) {
          await mkdir(acceptedDir, { recursive: true });
          const accepted = path.join(acceptedDir, path.basename(shot.file));
          await copyFile(shot.changed.baseline, accepted);
          figures.push(
            `<div class="changed">${figure('accepted', accepted, 'accepted', `${entry.path} accepted`)}${figure(
              'now',
              shot.file,
              'now',
              `${entry.path} now`,
            )}${figure('diff', shot.changed.diff, `${(shot.changed.share * 100).toFixed(1)} % changed`, `${entry.path} changed pixels`)}</div>`,
          );
        }
      }
      rows.push(
        `<div class="row"><div class="label"><strong>${escape(entry.language)}</strong><br><code>${escape(entry.path)}</code>${entry.faults ? `<br><span class="faults">${entry.faults} layout faults</span>` : ''}</div>${figures.join('')}</div>`,
      );
    }
    sections.push(`<section><h2>${escape(type)}</h2>${rows.join('\n')}</section>`);
  }
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Layout contact sheet</title><style>${style}</style></head>
<body>
<h1>Layout contact sheet: ${types.length} page types, ${entries.length} pages</h1>
<p>Phone (375 px) and desktop (1280 px) screenshots; failing elements are outlined red. ${
    changedCount
      ? `${changedCount} screenshots changed since the accepted baseline, shown beside it.`
      : 'Nothing changed since the accepted baseline, or none was accepted.'
  } Click a screenshot for its full size.</p>
${sections.join('\n')}
</body>
</html>
`;
  const file = path.join(reportDir, 'index.html');
  await writeFile(file, html);
  return file;
}
