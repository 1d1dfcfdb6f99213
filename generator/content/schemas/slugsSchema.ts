/** The shape of content/slugs.yaml: every page's slug per language, the legal sections', the default language's own paths and former slugs. */
import { z } from 'zod';
import { defaultLanguagePathIds, legalSectionIds } from '../../model/constants.ts';
import { slugPageIds } from '../../model/pages.ts';
import { about } from './schemaFields.ts';

const slugMessage = 'Expected a slug of lower-case letters, digits and single hyphens, such as chi-siamo';
/** A slug is a word or a few of the page's title; a path part of 255 bytes is the file systems' limit. */
export const maxSlugLength = 80;
const slugSchema = about(
  z
    .string()
    .max(maxSlugLength)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, slugMessage),
  "The page's path in this language: lower-case letters, digits and single hyphens ('' for the home page).",
  'chi-siamo',
);
/** A slug that is never a home page: the legal sections and the paths of the default language alone. */
const pathSlugSchema = (description: string, example: string) =>
  about(
    z
      .string()
      .max(maxSlugLength)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, slugMessage),
    description,
    example,
  );
const pageSlugsSchema = about(
  z.record(z.string(), slugSchema),
  "The page's slug in each language of languages.yaml.",
  { it: 'chi-siamo', en: 'about' },
);
const sectionSlugSchema = pathSlugSchema(
  "The section's slug in this language, after the legal page's: lower-case letters, digits and single hyphens.",
  'privacy',
);
const sectionSlugsSchema = about(
  z.record(z.string(), sectionSlugSchema),
  "The section's slug in each language of languages.yaml.",
  { it: 'privacy', en: 'privacy' },
);

const defaultLanguageOnlySchema = z
  .object({
    legalAlias: pathSlugSchema(
      "The legal page once more, with no section open, in the first language; its canonical URL is the legal page's.",
      'condizioni',
    ),
    cookiePolicy: pathSlugSchema(
      'The cookie policy page (cookie-policy.yaml), in the first language only.',
      'cookie-policy',
    ),
    privacyRedirect: pathSlugSchema(
      'Forwards (301) to the privacy policy on the legal page at the legalAlias path.',
      'privacy',
    ),
  })
  .strict();

export const slugsFileSchema = z
  .object({
    ...(Object.fromEntries(slugPageIds.map((page) => [page, pageSlugsSchema.optional()])) as Record<
      (typeof slugPageIds)[number],
      z.ZodOptional<typeof pageSlugsSchema>
    >),
    legalSections: about(
      z
        .object(
          Object.fromEntries(legalSectionIds.map((section) => [section, sectionSlugsSchema])) as Record<
            (typeof legalSectionIds)[number],
            typeof sectionSlugsSchema
          >,
        )
        .strict(),
      'The legal page with one document open: /<legal slug>/<section slug>/ in each language. Every section needs a slug in every language.',
      { privacy: { it: 'privacy', en: 'privacy' } },
    ),
    defaultLanguageOnly: about(
      defaultLanguageOnlySchema,
      'Paths of the first language alone (no language prefix), each one slug: /<slug>/.',
      { legalAlias: 'condizioni', cookiePolicy: 'cookie-policy', privacyRedirect: 'privacy' },
    ),
    /** Slugs a page had before, per language: each old path answers 301 to the page. */
    former: about(
      z
        .partialRecord(
          z.enum([...slugPageIds, ...defaultLanguagePathIds]),
          z.record(z.string(), z.array(slugSchema).min(1)),
        )
        .optional(),
      'Slugs a page had before, per language: each old path is forwarded (301) to the page. The pages of defaultLanguageOnly take the first language only.',
      { about: { en: ['about-us'] }, cookiePolicy: { it: ['cookies'] } },
    ),
  })
  .strict();
