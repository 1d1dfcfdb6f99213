/**
 * The translation record's shape (content/translations/<language>.yaml): for each
 * text key, the reference-language text its translation was last translated or
 * confirmed against. Read and written by generator/translations/record.ts.
 */
import { z } from 'zod';

/** A language's record: text key to the reference text it was last translated or confirmed against. */
export const translationRecordSchema = z
  .record(
    z.string().min(1),
    z.string().meta({
      description:
        'The reference-language text this translation was last translated or confirmed against. Written by `site translations`; do not edit.',
    }),
  )
  .meta({
    description:
      'The translation record of one language: for each text key, the reference-language text its translation was last translated or confirmed against. Written by `site translations confirm` and `site translations import` only.',
  });
export type TranslationRecord = z.infer<typeof translationRecordSchema>;
