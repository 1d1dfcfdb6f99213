/** The shape of a text file (texts/<language>/<file>.yaml): free-form nested texts and lists. */
import { z } from 'zod';
import { maxTextLength } from '../../model/constants.ts';

/** Texts are free-form nested strings and lists; their keys are checked against Italian. */
export type TextTree = { [key: string]: string | TextTree | TextTree[] | string[] };
const textValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string().max(maxTextLength, `Expected a text of at most ${maxTextLength} characters`),
    z.array(textValue),
    z.record(z.string(), textValue),
  ]),
);
export const textsFileSchema = z.record(z.string(), textValue);
