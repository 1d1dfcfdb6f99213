/**
 * The translation record (content/translations/<language>.yaml): read from the
 * translation fixture, refused with its file and line when damaged, written one line
 * a text in the order given, atomically.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import {
  readRecord,
  recordFileOf,
  recordText,
  writeAtomically,
  writeRecord,
  writtenRecord,
} from '../../../generator/translations/record.ts';
import { removeTranslationFixtures, translationFixture } from '../../helpers/translationFixture.ts';
import { makeTempDir } from '../../helpers/site.ts';

afterAll(removeTranslationFixtures);

describe('readRecord', () => {
  it('reads the Italian each translation was made from, by key', async () => {
    const record = await readRecord(await translationFixture(), 'de');
    expect(record['shop.hero.title']).toBe('Benvenuti da {{brand}}');
    expect(record['legal/terms.sections.0.paragraphs.0']).toBe('P {{brand}}');
  });

  it('gives an empty record for a language that has none yet', async () => {
    const contentDir = await translationFixture();
    await rm(path.join(contentDir, recordFileOf('de')));
    expect(await readRecord(contentDir, 'de')).toEqual({});
  });

  it('refuses a damaged record with its file and line', async () => {
    const contentDir = await translationFixture();
    await writeFile(path.join(contentDir, 'translations/de.yaml'), 'shop.meta.title: [not, a, text]\n');
    await expect(readRecord(contentDir, 'de')).rejects.toMatchObject({
      code: 'TRANSLATION_RECORD_INVALID',
      message: expect.stringMatching(/^The translation record is not valid at shop\.meta\.title: /),
      location: { file: path.join(contentDir, 'translations/de.yaml'), line: 1 },
    });
  });

  it('refuses a record that is not YAML, at the line of the mistake', async () => {
    const contentDir = await translationFixture();
    await writeFile(path.join(contentDir, 'translations/en.yaml'), 'a: uno\nb: c: d\n');
    await expect(readRecord(contentDir, 'en')).rejects.toMatchObject({
      code: 'TRANSLATION_RECORD_INVALID',
      message: expect.stringMatching(/^The translation record is not valid YAML: /),
      location: { line: 2 },
    });
  });

  it('refuses a record it cannot read as a file', async () => {
    const contentDir = await translationFixture();
    await rm(path.join(contentDir, 'translations/en.yaml'));
    await mkdir(path.join(contentDir, 'translations/en.yaml'));
    await expect(readRecord(contentDir, 'en')).rejects.toMatchObject({ code: 'TRANSLATION_RECORD_INVALID' });
  });
});

describe('reading a record as it is written', () => {
  it('reads from the syntax tree what composing the document reads, for every kind of text the writer makes', () => {
    const record = {
      'a.plain': 'Benvenuti da {{brand}}',
      'a.colon': 'Nota: i prezzi',
      'a.quote': '"Citazione" e l\'apostrofo',
      'a.hash': 'Numero #1 # non un commento',
      'a.lines': 'Prima riga\nseconda riga\n',
      'a.spaces': '  rientrato  ',
      'a.number': '2025',
      'a.bool': 'true',
      'a.empty': '',
      'a.unicode': 'Zürich – «più» 😀',
    };
    const text = recordText(record, 'de', 'it');
    expect(writtenRecord(text)).toEqual(record);
    expect(writtenRecord(text)).toEqual(parseDocument(text).toJS());
  });

  it('reads comments, blank lines and block texts as YAML does', () => {
    const text = '# header\n\na: uno # a note\nb: |\n  blocco\n  di testo\nc: >-\n  piegato\n  qui\n';
    expect(writtenRecord(text)).toEqual(parseDocument(text).toJS());
  });

  it('leaves to the composed document whatever is not a plain record of texts', () => {
    for (const text of [
      'a: 2025\n', // a number, which the schema refuses
      'a: true\n',
      'a: ~\n',
      'a:\n',
      'a: uno\na: due\n', // a repeated key
      'a: &x uno\nb: *x\n', // an anchor and an alias
      'a: !!str uno\n', // a tag
      '"": vuoto\n', // an empty key
      '__proto__: x\n',
      'a: [uno]\n',
      'a:\n  b: uno\n',
      '{}\n',
      'a: uno\n---\nb: due\n', // two documents
      'a: "non chiuso\n',
      '- uno\n',
      '"a\n b": c\n', // a key over two lines
      'a\nb: c\n',
      'a: uno\n b: due\n', // a key out of line with the others
      'a:\tuno\n', // a tab
    ])
      expect(writtenRecord(text), text).toBeUndefined();
  });

  it('never reads what composing the document refuses or reads otherwise, whatever the edit', () => {
    const written = recordText(
      {
        'a.plain': 'Benvenuti da {{brand}}',
        'a.colon': 'Nota: i prezzi',
        'a.quote': '"Citazione" e l\'apostrofo',
        'a.lines': 'Prima riga\nseconda riga\n',
        'a.number': '2025',
        'b.words': 'uno due tre',
      },
      'de',
      'it',
    );
    // Hand edits of every kind, made by a fixed sequence of random numbers.
    const pieces = [
      ' ',
      '\n',
      '\t',
      ':',
      ': ',
      '#',
      '"',
      "'",
      '- ',
      '[',
      '{',
      '&a ',
      '*a',
      '!!str ',
      '? ',
      '---\n',
      '|\n',
      '>\n',
      '\\',
      '%',
      '\n  ',
      '\n ',
      ',',
      '\r\n',
    ];
    let seed = 12345;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % below;
    };
    let read = 0;
    for (let round = 0; round < 3000; round++) {
      let text = written;
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(text.length + 1);
        const kind = random(3);
        if (kind === 0) text = text.slice(0, at) + pieces[random(pieces.length)] + text.slice(at);
        else if (kind === 1) text = text.slice(0, at) + text.slice(at + 1 + random(3));
        else {
          const lines = text.split('\n');
          lines.splice(random(lines.length), 0, lines[random(lines.length)]);
          text = lines.join('\n');
        }
      }
      const record = writtenRecord(text);
      if (record === undefined) continue;
      read += 1;
      const document = parseDocument(text);
      expect(document.errors, text).toEqual([]);
      expect(record, text).toEqual(document.toJS());
    }
    // Most edits keep a record that is read from the syntax tree.
    expect(read).toBeGreaterThan(1000);
  });
});

describe('writing the record', () => {
  it('writes a header, then one line a text in the order given', () => {
    const text = recordText({ 'b.title': 'Due: tre', 'a.title': 'Uno' }, 'de', 'it');
    const lines = text.split('\n');
    expect(lines.slice(0, 4).every((line) => line.startsWith('#'))).toBe(true);
    expect(lines[1]).toBe('# The it text each de translation was last translated or confirmed against.');
    expect(lines.slice(4)).toEqual(['b.title: "Due: tre"', 'a.title: Uno', '']);
  });

  it('writes an empty record as an empty map', () => {
    expect(recordText({}, 'en', 'it').endsWith('\n{}\n')).toBe(true);
  });

  it('reads back what it wrote, in a folder it makes, leaving no temporary file', async () => {
    const contentDir = await makeTempDir('record');
    try {
      const record = { 'shop.items.0': 'Primo articolo', 'shop.hero.title': 'Benvenuti da {{brand}}' };
      await writeRecord(contentDir, 'fr', 'it', record);
      expect(await readRecord(contentDir, 'fr')).toEqual(record);
      expect(await readdir(path.join(contentDir, 'translations'))).toEqual(['fr.yaml']);
    } finally {
      await rm(contentDir, { recursive: true, force: true });
    }
  });

  it('replaces a file whole', async () => {
    const dir = await makeTempDir('atomic');
    try {
      const file = path.join(dir, 'a.txt');
      await writeFile(file, 'old text, longer than the new one\n');
      await writeAtomically(file, 'new\n');
      expect(await readFile(file, 'utf8')).toBe('new\n');
      expect(await readdir(dir)).toEqual(['a.txt']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
