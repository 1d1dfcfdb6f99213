/**
 * The shape of every content file. Each schema is strict: an unknown key is most
 * likely a typo and is reported, not ignored. Types are inferred from here.
 */
import { z } from 'zod';
import { slugPageIds } from './pages.ts';

/** Which languages exist is content (content/languages.yaml, read by languages.ts). */
export type { Language } from './languages.ts';

/** Facts of the site settings that any text or legal document may name as `{{brand}}` etc. */
export const sitePlaceholders = [
  'brand',
  'founded',
  'email',
  'street',
  'postalCode',
  'city',
  'country',
] as const;
export type SitePlaceholder = (typeof sitePlaceholders)[number];

/** The plan whose card carries the business-zone badge (the zone in which business use is included); plans.yaml must have it. */
export const businessBadgePlanId = 'my-europe-plus';

/** The illustrations under content/images that the pages show. */
export const requiredImages = ['vision.svg', 'partnership-hero.svg', 'coverage-banner.svg'] as const;
export type RequiredImage = (typeof requiredImages)[number];

/** Longest text of any field: the longest paragraph of the site is about 700 characters; a much longer one is a paste gone wrong, and would slow every page. */
export const maxTextLength = 4000;
/** Longest name, address or label of the settings, plans and zones. */
const maxNameLength = 200;
const nonEmpty = z.string().trim().min(1, 'Must not be empty').max(maxTextLength);
const shortText = z.string().trim().min(1, 'Must not be empty').max(maxNameLength);

/**
 * What an editor sees while typing (the JSON Schemas that `site schema` writes):
 * a plain-words description of a field and an example value.
 */
function about<Schema extends z.ZodType>(schema: Schema, description: string, example: unknown): Schema {
  return schema.meta({ description, examples: [example] });
}
/**
 * A host name as DNS writes it: dot-separated labels of letters, digits and
 * hyphens (none at a label's ends, at most 63 characters), at least two labels,
 * the last one starting with a letter (so never an IP address). Such a name
 * carries no character that any host file or header reads specially.
 */
const dnsLabel = '(?!-)[A-Za-z0-9-]{1,63}(?<!-)';
const dnsNamePattern = `${dnsLabel}(?:\\.${dnsLabel})*\\.(?=[A-Za-z])${dnsLabel}`;
const dnsName = new RegExp(`^${dnsNamePattern}$`);
/** `https://`, a DNS name, an optional port, then a path, query or fragment or nothing. */
const httpsUrlStart = new RegExp(`^https://(${dnsNamePattern})(?::(\\d{1,5}))?(?=[/?#]|$)`, 'i');
const hostNameHint = 'a plain host name (letters, digits, hyphens and dots) and an optional port';

/**
 * Every URL of the settings: its origin goes into the Content-Security-Policy,
 * the Permissions-Policy and the host files, so the host must be a plain DNS
 * name; no user name or password, no space, quote, backslash or control
 * character anywhere (a pasted URL with one is a mistake, never a need).
 */
/** Longer addresses are not kept by every browser and host; a real one has a few dozen characters. */
const maxUrlLength = 2000;
const httpsUrl = z.string().superRefine((value, context) => {
  const fail = (message: string) => context.addIssue({ code: 'custom', message, input: value });
  if (!/^https:\/\//i.test(value)) return fail('Expected an https:// URL');
  if (value.length > maxUrlLength) return fail(`Expected a URL of at most ${maxUrlLength} characters`);
  // Anything a URL would have to percent-encode is refused, not encoded: it is a typo or a paste error.
  if (/[^\x21-\x7e]|["'<>\\^`{|}]/.test(value))
    return fail(
      'Expected a URL without spaces, quotes, backslashes, braces or other characters that must be encoded',
    );
  const start = httpsUrlStart.exec(value);
  if (!start)
    return fail(`Expected https:// followed by ${hostNameHint}, e.g. https://maps.example.net/embed`);
  const port = start[2] === undefined ? undefined : Number(start[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return fail('Expected a port from 1 to 65535');
  if (start[1].length > 253) return fail('Expected a host name of at most 253 characters');
  if (!URL.canParse(value)) return fail('Expected a valid https:// URL');
});
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time such as 08:00');
/** A day (2025-10-12) or, where only the month is known, a month (2025-03). */
const isoDate = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/,
    'Expected a date such as 2025-10-12 or a month such as 2025-03',
  );
const weekday = z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
const phone = z
  .string()
  .regex(/^\+\d[\d ]{6,}$/, 'Expected an international number such as +41 91 000 00 00');

export const siteSettingsSchema = z
  .object({
    brand: about(
      shortText,
      'The company name, shown in the header, the titles and wherever a text says {{brand}}.',
      'Example Mobile',
    ),
    /** Public origin of the site, without a trailing slash. */
    origin: about(
      httpsUrl.refine((url) => !url.endsWith('/'), 'Write the origin without a trailing slash'),
      'The public address of the site, without a trailing slash.',
      'https://www.example.com',
    ),
    cockpitHost: about(
      z
        .string()
        .regex(
          dnsName,
          'Expected a host name such as cockpit.example.com (letters, digits, hyphens and dots)',
        )
        .max(253, 'Expected a host name of at most 253 characters'),
      'The host name of the customer portal (the Cockpit); its requests get their own host rules.',
      'cockpit.example.com',
    ),
    email: about(
      z.email('Expected an e-mail address'),
      'The address the contact forms write to, shown on the contact page and as {{email}}.',
      'info@example.com',
    ),
    /** The forms' mail drafts; the contact subject's prefix is the same in every language (not trimmed: its space counts). */
    forms: about(
      z
        .object({
          contactSubjectPrefix: about(
            z
              .string()
              .max(maxNameLength)
              .refine((value) => value.trim().length > 0, 'Must not be empty'),
            "The start of the contact e-mail's subject, the same in every language; keep it in quotes so a trailing space stays.",
            'Contact Request: ',
          ),
        })
        .strict(),
      'The mail drafts the forms open.',
      { contactSubjectPrefix: 'Contact Request: ' },
    ),
    phones: about(
      z
        .object({
          hotline: about(
            phone,
            'The hotline for calls from Switzerland, written with the country code.',
            '+41 91 000 00 00',
          ),
          abroad: about(
            phone,
            'The number to call from abroad, written with the country code.',
            '+41 91 000 00 01',
          ),
        })
        .strict(),
      'The phone numbers shown on the contact page and in the footer.',
      { hotline: '+41 91 000 00 00', abroad: '+41 91 000 00 01' },
    ),
    address: about(
      z
        .object({
          street: about(shortText, 'Street and number of the office ({{street}} in texts).', 'Via Example 1'),
          postalCode: about(
            z.string().regex(/^\d{4}$/, 'Expected a Swiss postal code such as 6900'),
            'The four-digit Swiss postal code, in quotes ({{postalCode}} in texts).',
            '6900',
          ),
          city: about(shortText, 'The city of the office ({{city}} in texts).', 'Lugano'),
          /** ISO 3166 code; the name comes from Intl.DisplayNames. */
          country: about(
            z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter country code'),
            "The two-letter country code; each language writes the country's name itself ({{country}} in texts).",
            'CH',
          ),
        })
        .strict(),
      'The postal address of the office.',
      { street: 'Via Example 1', postalCode: '6900', city: 'Lugano', country: 'CH' },
    ),
    openingHours: about(
      z
        .array(
          z
            .object({
              days: about(z.array(weekday).min(1), 'The days these hours apply to, in English.', [
                'Monday',
                'Tuesday',
              ]),
              opens: about(time, 'Opening time, 24-hour clock, in quotes.', '08:00'),
              closes: about(time, 'Closing time, 24-hour clock, in quotes.', '18:00'),
            })
            .strict(),
        )
        .min(1),
      'When the hotline answers: one entry per group of days with the same hours.',
      [{ days: ['Monday', 'Friday'], opens: '08:00', closes: '18:00' }],
    ),
    founded: about(
      z.number().int().min(1900).max(2100),
      'The year the company was founded ({{founded}} in texts).',
      2025,
    ),
    urls: about(
      z
        .object({
          coverageMap: about(
            httpsUrl,
            "The network operator's coverage map, shown on the coverage page after the visitor agrees.",
            'https://coverage.example.net/map?lang=it',
          ),
          networkReport: about(
            httpsUrl,
            'The network test report (a PDF) the coverage page links to.',
            'https://files.example.net/network-test-2025.pdf',
          ),
          networkReportFileName: about(
            z.string().regex(/^[\w.-]+\.pdf$/, 'Expected a file name ending in .pdf'),
            'The file name the report is saved under when downloaded.',
            'network-test-2025.pdf',
          ),
          cockpitLogin: about(
            httpsUrl,
            'The login page of the customer portal (the Cockpit).',
            'https://login.example.com/',
          ),
          luganoMap: about(
            httpsUrl,
            'The map of the office shown on the contact page after the visitor agrees.',
            'https://maps.example.net/embed?q=Lugano',
          ),
        })
        .strict(),
      'Addresses on other sites that the pages link to or embed; each a plain https address.',
      { cockpitLogin: 'https://login.example.com/' },
    ),
    /** Empty script URL turns analytics off. */
    analytics: about(
      z
        .object({
          scriptUrl: about(
            z.union([httpsUrl, z.literal('')]),
            'The analytics script, loaded only after the visitor accepts all cookies; an empty text turns analytics off.',
            'https://analytics.example.com/script.js',
          ),
          siteId: about(
            z.string().max(maxNameLength),
            "The site's id at the analytics service.",
            'EXAMPLE-PLACEHOLDER-ID',
          ),
        })
        .strict(),
      "Visitor statistics, only with the visitor's consent.",
      { scriptUrl: '', siteId: '' },
    ),
    theme: about(
      z
        .object({
          primary: about(
            z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour such as #c8102e'),
            'The brand colour as #rrggbb, in quotes.',
            '#c8102e',
          ),
          background: about(
            z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour such as #ffffff'),
            'The page background as #rrggbb, in quotes.',
            '#ffffff',
          ),
        })
        .strict(),
      'The colours of the site and of its icons.',
      { primary: '#c8102e', background: '#ffffff' },
    ),
    partners: about(z.array(shortText).min(1), 'The network partners named on the home page.', [
      'Partner Network',
      '5G Alliance',
    ]),
    payments: about(z.array(shortText).min(1), 'The payment methods named on the subscriptions page.', [
      'TWINT',
      'Visa',
    ]),
  })
  .strict();

const roamingAllowance = z
  .object({
    calls: about(nonEmpty, 'Call allowance abroad, as the card shows it.', '1000min'),
    data: about(nonEmpty, 'Data allowance abroad, with its unit.', '20GB'),
    sms: about(z.number().int().nonnegative(), 'Number of SMS included abroad.', 1000),
  })
  .strict();
const roaming = (zone: string) =>
  about(
    z.union([z.literal(false), roamingAllowance]),
    `What the plan includes in the ${zone} zone, or false when it includes nothing there.`,
    false,
  );

export const planSchema = z
  .object({
    id: about(
      z.string().regex(/^[a-z0-9-]+$/, 'Expected a lower-case id such as my-swiss'),
      "The plan's id: lower-case letters, digits and hyphens; zones name plans by it.",
      'my-swiss',
    ),
    name: about(shortText, "The plan's name as its card shows it, the same in every language.", 'MY SWISS'),
    nationalCalls: about(nonEmpty, 'Calls included in Switzerland, as the card shows it.', '50h'),
    nationalSms: about(z.number().int().nonnegative(), 'Number of SMS included in Switzerland.', 3000),
    nationalData: about(nonEmpty, 'Data included in Switzerland, with its unit.', '30GB'),
    roaming: about(
      z.object({ europe: roaming('Europe'), world: roaming('world') }).strict(),
      'What the plan includes abroad.',
      { europe: false, world: false },
    ),
    esim: about(z.boolean(), 'Whether the plan is available as an eSIM.', true),
    /** Keys into the `subscriptions.labels` texts. */
    coverage: about(
      nonEmpty,
      'The coverage line of the card: a key under labels: in texts/<lang>/subscriptions.yaml.',
      'premiumCh',
    ),
    support: about(
      nonEmpty,
      'The support line of the card: a key under labels: in texts/<lang>/subscriptions.yaml.',
      'local',
    ),
    features: about(
      z.array(nonEmpty).min(1),
      'The feature lines of the card, in order: keys under labels: in texts/<lang>/subscriptions.yaml.',
      ['speed5g', 'esim'],
    ),
  })
  .strict();
export const plansFileSchema = z
  .object({
    plans: about(z.array(planSchema).min(1), 'The subscription plans, in the order of their cards.', []),
  })
  .strict();

export const zoneIds = ['switzerland', 'europe', 'business', 'global'] as const;
export const zoneSchema = z
  .object({
    id: about(
      z.enum(zoneIds),
      "The zone's id; its name and texts are under zones.<id> in texts/<lang>/subscriptions.yaml.",
      'europe',
    ),
    icon: about(z.enum(['flag', 'europe', 'briefcase', 'globe']), "The icon of the zone's card.", 'europe'),
    colour: about(
      z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour such as #ea384c'),
      "The zone's colour on the map and its card, as #rrggbb in quotes.",
      '#84cc16',
    ),
    plans: about(z.array(nonEmpty).min(1), 'The plans that include this zone: plan ids of plans.yaml.', [
      'my-europe-plus',
      'my-world',
    ]),
    countries: about(
      z.array(nonEmpty).min(1),
      'The countries of the zone, one a line: keys of countries.yaml.',
      ['austria', 'belgium'],
    ),
    /** Countries marked with a star; the zone's note explains the star. */
    starred: about(
      z.array(nonEmpty).default([]),
      "Countries of the zone shown with a star; the zone's note explains the star.",
      ['france'],
    ),
  })
  .strict();
export const zonesFileSchema = z
  .object({
    zones: about(z.array(zoneSchema).length(4), 'The four tariff zones, in the order of their cards.', []),
  })
  .strict();

export const countrySchema = z
  .object({
    key: about(
      z.string().regex(/^[a-z_]+$/, 'Expected a key such as united_states'),
      "The country's key, lower-case with underscores; zones name countries by it.",
      'united_states',
    ),
    /** ISO 3166-1 codes; a territory without its own code lists the codes it is made of. */
    iso: about(
      z.union([
        z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter country code such as US'),
        z.array(z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter country code such as GG')).min(2),
      ]),
      'The ISO 3166 code; each language writes the name itself. A territory without a code of its own lists the codes it is made of.',
      'US',
    ),
    region: about(
      z.enum(['home', 'eea', 'other']),
      'home for Switzerland and Liechtenstein, eea for the EU and EEA, other for the rest.',
      'other',
    ),
    /** `short` where the full CLDR name is an administrative one (Hong Kong SAR China). */
    nameStyle: about(
      z.enum(['long', 'short']).default('long'),
      'short where the full name is an administrative one (Hong Kong SAR China).',
      'short',
    ),
  })
  .strict();
export const countriesFileSchema = z
  .object({ countries: about(z.array(countrySchema).min(1), 'Every country a zone may name.', []) })
  .strict();

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
export const legalDocumentIds = ['tariffs', 'terms', 'privacy', 'cookie'] as const;
/** The documents the legal page can open from its path (/legal/<section>/); each has a slug per language in slugs.yaml. */
export const legalSectionIds = [
  'tariffs',
  'privacy',
  'cookie',
] as const satisfies readonly (typeof legalDocumentIds)[number][];
/**
 * The element id of each document on the legal page, so the URL fragment that opens it
 * (`/condizioni/#privacy-policy`). An anchor, not a slug: it is the same in every language.
 */
export const legalDocumentElementIds: Record<(typeof legalDocumentIds)[number], string> = {
  tariffs: 'tariffs',
  terms: 'terms',
  privacy: 'privacy-policy',
  cookie: 'cookie',
};
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

const chf = about(
  z.union([z.number().nonnegative(), z.literal('free'), z.literal('none'), z.literal('provider')]),
  'A price in CHF with a decimal point, or free, none or provider.',
  0.45,
);
export const tariffsFileSchema = z
  .object({
    payPerUse: about(
      z
        .object({
          columns: about(
            z.array(nonEmpty).length(4),
            'The four zone columns: keys under tariffTables in texts/<lang>/legal.yaml.',
            ['chFl', 'europeBusiness', 'global', 'restOfWorld'],
          ),
          rows: about(
            z
              .array(
                z
                  .object({
                    item: about(
                      nonEmpty,
                      'What the row prices: a key under tariffTables in texts/<lang>/legal.yaml.',
                      'callsToChFl',
                    ),
                    prices: about(
                      z.array(chf).length(4),
                      'One price per column, four in all, with decimal points.',
                      [0.45, 0.45, 1, 4],
                    ),
                  })
                  .strict(),
              )
              .min(1),
            'The rows of the pay-per-use table.',
            [{ item: 'sms', prices: [0.05, 0.23, 0.5, 0.6] }],
          ),
        })
        .strict(),
      'Prices per zone of the traffic a plan does not include.',
      { columns: ['chFl', 'europeBusiness', 'global', 'restOfWorld'], rows: [] },
    ),
    /** `number` is the dialled prefix, or a text key for a group such as internationalPremium. */
    specialNumbers: about(
      z
        .array(
          z
            .object({
              number: about(
                nonEmpty,
                'The dialled prefix, in quotes, or the key of a group such as internationalPremium.',
                '0800',
              ),
              rule: about(
                z.enum([
                  'freeInSwitzerland',
                  'perMinuteWithEuPrice',
                  'providerPlusConnectionFee',
                  'perMinuteWithRoamingPrice',
                ]),
                'How the price is worded; each rule has its sentence in texts/<lang>/legal.yaml.',
                'perMinuteWithEuPrice',
              ),
              prices: about(
                z.array(z.number().nonnegative()).default([]),
                "The prices the rule's sentence names, in CHF.",
                [0.08, 0.45],
              ),
            })
            .strict(),
        )
        .min(1),
      'Prices of special numbers (0800, 084x, 090x).',
      [{ number: '0800', rule: 'freeInSwitzerland' }],
    ),
    shortNumbers: about(
      z
        .array(
          z
            .object({
              numbers: about(
                z
                  .array(z.string().regex(/^\d{3,4}$/, 'Expected a short number of 3 or 4 digits, in quotes'))
                  .min(1),
                'The short numbers, each in quotes.',
                ['112', '117'],
              ),
              service: about(
                z.string().max(maxNameLength).optional(),
                "The service's key under tariffTables in texts/<lang>/legal.yaml, when the number alone does not say it.",
                'wakeUp',
              ),
              setup: about(chf, 'Connection fee per call, in CHF.', 0.5),
              perMinute: about(chf, 'Price per minute, in CHF.', 'free'),
            })
            .strict(),
        )
        .min(1),
      'Prices of short numbers (emergency and services).',
      [{ numbers: ['140'], setup: 0.5, perMinute: 0.5 }],
    ),
  })
  .strict();

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

/** The paths the default language alone has, each a slug of its own (/<slug>/, no language prefix). */
export const defaultLanguagePathIds = ['legalAlias', 'cookiePolicy', 'privacyRedirect'] as const;
export type DefaultLanguagePathId = (typeof defaultLanguagePathIds)[number];
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

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type Plan = z.infer<typeof planSchema>;
export type RoamingAllowance = z.infer<typeof roamingAllowance>;
export type Zone = z.infer<typeof zoneSchema>;
export type ZoneId = Zone['id'];
export type Country = z.infer<typeof countrySchema>;
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
export type LegalSection = z.infer<typeof legalSectionSchema>;
export type LegalDocumentId = (typeof legalDocumentIds)[number];
export type LegalFile = z.infer<typeof legalFileSchema>;
export type Tariffs = z.infer<typeof tariffsFileSchema>;
export type Price = z.infer<typeof chf>;
