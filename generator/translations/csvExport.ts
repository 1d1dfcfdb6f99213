/**
 * The same texts as the XLIFF export, as CSV for a translator without a CAT tool
 * (a spreadsheet opens it): one row per text. For reading, not for import: the
 * XLIFF round trip is the one that checks placeholders and lengths.
 */
import { stringify } from 'csv-stringify/sync';
import type { ExportRequest } from './xliffExport.ts';
import { maxLengthOf } from './units.ts';

export async function exportCsv({ language, reference, texts, address }: ExportRequest): Promise<string> {
  // A byte order mark: spreadsheet programs then read the file as UTF-8.
  return `\uFEFF${stringify(
    texts.map((text) => ({
      key: text.key,
      file: text.file,
      status: text.status,
      [`${reference} (previous)`]: text.status === 'outdated' ? (text.recorded ?? '') : '',
      [reference]: text.reference,
      [language]: text.translation ?? '',
      'max characters': maxLengthOf(text.key),
      page: address(text.key, language) ?? '',
    })),
    {
      header: true,
      columns: [
        'key',
        'file',
        'status',
        `${reference} (previous)`,
        reference,
        language,
        'max characters',
        'page',
      ],
    },
  )}`;
}
