/** The shapes of the legal documents: legal/<language>.yaml and cookie-policy.yaml. */
import { z } from 'zod';
import { maxTextLength } from '../../model/constants.ts';
import { about, isoDate, nonEmpty } from './schemaFields.ts';

const legalTable = z
  .object({
    headers: about(z.array(z.string().max(maxTextLength)).min(1), 'The column headings.', [
      'Cookie',
      'Purpose',
    ]),
    rows: about(
      z.array(z.array(z.string().max(maxTextLength))).min(1),
      'The rows, each a list with one cell per heading.',
      [['consent', 'Remembers your choice']],
    ),
  })
  .strict()
  .superRefine((table, context) => {
    // A row with a cell too many or too few would shift its cells under the wrong headings.
    table.rows.forEach((row, index) => {
      if (row.length !== table.headers.length) {
        context.addIssue({
          code: 'custom',
          path: ['rows', index],
          message: `This row has ${row.length} cell${row.length === 1 ? '' : 's'}, the table has ${table.headers.length} headings; every row needs one cell per heading`,
        });
      }
    });
  });
export const legalSectionSchema = z
  .object({
    heading: about(nonEmpty, "The section's heading.", 'Scope'),
    paragraphs: about(
      z.array(nonEmpty).optional(),
      'Paragraphs, one item each; {{brand}}, {{email}} and the address placeholders are filled in.',
      ['These terms apply to {{brand}}.'],
    ),
    bullets: about(z.array(nonEmpty).optional(), 'A bulleted list, one item each.', [
      'Calls are billed per second.',
    ]),
    table: about(legalTable.optional(), 'A table written here: headings and rows.', {
      headers: ['Name'],
      rows: [['consent']],
    }),
    /** A table whose numbers live once in tariffs.yaml. */
    tariffTable: about(
      z.enum(['payPerUse', 'specialNumbers', 'shortNumbers']).optional(),
      'A price table whose numbers live in tariffs.yaml.',
      'payPerUse',
    ),
    note: about(nonEmpty.optional(), 'A note under the section.', 'Prices in CHF, VAT included.'),
  })
  .strict();
export const legalDocumentSchema = z
  .object({
    title: about(nonEmpty, "The document's title.", 'Terms and conditions'),
    lastUpdated: about(isoDate, 'When the document last changed: a day or a month, in quotes.', '2025-10-12'),
    sections: about(
      z.array(legalSectionSchema).min(1),
      "The document's sections, in order; every language has the same sections in the same order.",
      [],
    ),
  })
  .strict();
export const legalFileSchema = z
  .object({
    tariffs: legalDocumentSchema.meta({ description: 'The tariffs: price tables and billing rules.' }),
    terms: legalDocumentSchema.meta({ description: 'The general terms and conditions.' }),
    privacy: legalDocumentSchema.meta({ description: 'The privacy policy.' }),
    cookie: legalDocumentSchema.meta({ description: 'The cookie notice of the legal page.' }),
  })
  .strict();
export const cookiePolicyFileSchema = z
  .object({
    cookiePolicy: legalDocumentSchema.meta({
      description: 'The cookie policy page (/cookie-policy/), in Italian only.',
    }),
  })
  .strict();

export type LegalDocument = z.infer<typeof legalDocumentSchema>;
export type LegalSection = z.infer<typeof legalSectionSchema>;
export type LegalFile = z.infer<typeof legalFileSchema>;
