/**
 * The shape of every content file. Each schema is strict: an unknown key is most
 * likely a typo and is reported, not ignored. Types are inferred from here.
 */
import { z } from 'zod';

/** Which languages exist is content (content/languages.yaml, read by languages.ts). */
export type { Language } from './languages.ts';

/** Facts of the site settings that any text or legal document may name as `{{brand}}` etc. */
export const sitePlaceholders = ['brand', 'founded', 'email', 'street', 'postalCode', 'city', 'country'] as const;
export type SitePlaceholder = (typeof sitePlaceholders)[number];

/** The text files under texts/<lang>/ that the templates read; Italian must have each. */
export const requiredTextFiles = ['common', 'home', 'about', 'subscriptions', 'coverage', 'partnership', 'contact', 'esim', 'cockpit', 'legal', 'forms', 'notFound'] as const;

/** The plan whose card carries the business-zone badge (the zone in which business use is included); plans.yaml must have it. */
export const businessBadgePlanId = 'my-europe-plus';

/** The illustrations under content/images that the pages show. */
export const requiredImages = ['vision.svg', 'partnership-hero.svg', 'coverage-banner.svg'] as const;
export type RequiredImage = (typeof requiredImages)[number];

const nonEmpty = z.string().trim().min(1, 'Must not be empty');
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
const httpsUrl = z.string().superRefine((value, context) => {
  const fail = (message: string) => context.addIssue({ code: 'custom', message, input: value });
  if (!/^https:\/\//i.test(value)) return fail('Expected an https:// URL');
  // Anything a URL would have to percent-encode is refused, not encoded: it is a typo or a paste error.
  if (/[^\x21-\x7e]|["'<>\\^`{|}]/.test(value)) return fail('Expected a URL without spaces, quotes, backslashes, braces or other characters that must be encoded');
  const start = httpsUrlStart.exec(value);
  if (!start) return fail(`Expected https:// followed by ${hostNameHint}, e.g. https://maps.example.net/embed`);
  const port = start[2] === undefined ? undefined : Number(start[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return fail('Expected a port from 1 to 65535');
  if (start[1].length > 253) return fail('Expected a host name of at most 253 characters');
  if (!URL.canParse(value)) return fail('Expected a valid https:// URL');
});
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time such as 08:00');
/** A day (2025-10-12) or, where only the month is known, a month (2025-03). */
const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, 'Expected a date such as 2025-10-12 or a month such as 2025-03');
const weekday = z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
const phone = z.string().regex(/^\+\d[\d ]{6,}$/, 'Expected an international number such as +41 91 000 00 00');

export const siteSettingsSchema = z
  .object({
    brand: nonEmpty,
    /** Public origin of the site, without a trailing slash. */
    origin: httpsUrl.refine((url) => !url.endsWith('/'), 'Write the origin without a trailing slash'),
    cockpitHost: z
      .string()
      .regex(dnsName, 'Expected a host name such as cockpit.example.com (letters, digits, hyphens and dots)')
      .max(253, 'Expected a host name of at most 253 characters'),
    email: z.email('Expected an e-mail address'),
    /** The forms' mail drafts; the contact subject's prefix is the same in every language (not trimmed: its space counts). */
    forms: z.object({ contactSubjectPrefix: z.string().refine((value) => value.trim().length > 0, 'Must not be empty') }).strict(),
    phones: z.object({ hotline: phone, abroad: phone }).strict(),
    address: z
      .object({
        street: nonEmpty,
        postalCode: z.string().regex(/^\d{4}$/, 'Expected a Swiss postal code such as 6900'),
        city: nonEmpty,
        /** ISO 3166 code; the name comes from Intl.DisplayNames. */
        country: z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter country code'),
      })
      .strict(),
    openingHours: z.array(z.object({ days: z.array(weekday).min(1), opens: time, closes: time }).strict()).min(1),
    founded: z.number().int().min(1900).max(2100),
    urls: z
      .object({
        coverageMap: httpsUrl,
        networkReport: httpsUrl,
        networkReportFileName: z.string().regex(/^[\w.-]+\.pdf$/, 'Expected a file name ending in .pdf'),
        cockpitLogin: httpsUrl,
        luganoMap: httpsUrl,
      })
      .strict(),
    /** Empty script URL turns analytics off. */
    analytics: z.object({ scriptUrl: z.union([httpsUrl, z.literal('')]), siteId: z.string() }).strict(),
    theme: z.object({ primary: z.string().regex(/^#[0-9a-fA-F]{6}$/), background: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).strict(),
    partners: z.array(nonEmpty).min(1),
    payments: z.array(nonEmpty).min(1),
  })
  .strict();

const roamingAllowance = z.object({ calls: nonEmpty, data: nonEmpty, sms: z.number().int().nonnegative() }).strict();

export const planSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'Expected a lower-case id such as my-swiss'),
    name: nonEmpty,
    nationalCalls: nonEmpty,
    nationalSms: z.number().int().nonnegative(),
    nationalData: nonEmpty,
    roaming: z.object({ europe: z.union([z.literal(false), roamingAllowance]), world: z.union([z.literal(false), roamingAllowance]) }).strict(),
    esim: z.boolean(),
    /** Keys into the `subscriptions.labels` texts. */
    coverage: nonEmpty,
    support: nonEmpty,
    features: z.array(nonEmpty).min(1),
  })
  .strict();
export const plansFileSchema = z.object({ plans: z.array(planSchema).min(1) }).strict();

export const zoneIds = ['switzerland', 'europe', 'business', 'global'] as const;
export const zoneSchema = z
  .object({
    id: z.enum(zoneIds),
    icon: z.enum(['flag', 'europe', 'briefcase', 'globe']),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour such as #ea384c'),
    plans: z.array(nonEmpty).min(1),
    countries: z.array(nonEmpty).min(1),
    /** Countries marked with a star; the zone's note explains the star. */
    starred: z.array(nonEmpty).default([]),
  })
  .strict();
export const zonesFileSchema = z.object({ zones: z.array(zoneSchema).length(4) }).strict();

export const countrySchema = z
  .object({
    key: z.string().regex(/^[a-z_]+$/, 'Expected a key such as united_states'),
    /** ISO 3166-1 codes; a territory without its own code lists the codes it is made of. */
    iso: z.union([z.string().regex(/^[A-Z]{2}$/), z.array(z.string().regex(/^[A-Z]{2}$/)).min(2)]),
    region: z.enum(['home', 'eea', 'other']),
    /** `short` where the full CLDR name is an administrative one (Hong Kong SAR China). */
    nameStyle: z.enum(['long', 'short']).default('long'),
  })
  .strict();
export const countriesFileSchema = z.object({ countries: z.array(countrySchema).min(1) }).strict();

const legalTable = z.object({ headers: z.array(z.string()).min(1), rows: z.array(z.array(z.string())).min(1) }).strict();
export const legalSectionSchema = z
  .object({
    heading: nonEmpty,
    paragraphs: z.array(nonEmpty).optional(),
    bullets: z.array(nonEmpty).optional(),
    table: legalTable.optional(),
    /** A table whose numbers live once in tariffs.yaml. */
    tariffTable: z.enum(['payPerUse', 'specialNumbers', 'shortNumbers']).optional(),
    note: nonEmpty.optional(),
  })
  .strict();
export const legalDocumentSchema = z
  .object({ title: nonEmpty, lastUpdated: isoDate, sections: z.array(legalSectionSchema).min(1) })
  .strict();
export const legalDocumentIds = ['tariffs', 'terms', 'privacy', 'cookie'] as const;
export const legalFileSchema = z
  .object({
    tariffs: legalDocumentSchema,
    terms: legalDocumentSchema,
    privacy: legalDocumentSchema,
    cookie: legalDocumentSchema,
  })
  .strict();
export const cookiePolicyFileSchema = z.object({ cookiePolicy: legalDocumentSchema }).strict();

const chf = z.union([z.number().nonnegative(), z.literal('free'), z.literal('none'), z.literal('provider')]);
export const tariffsFileSchema = z
  .object({
    payPerUse: z
      .object({
        columns: z.array(nonEmpty).length(4),
        rows: z.array(z.object({ item: nonEmpty, prices: z.array(chf).length(4) }).strict()).min(1),
      })
      .strict(),
    /** `number` is the dialled prefix, or a text key for a group such as internationalPremium. */
    specialNumbers: z
      .array(
        z
          .object({
            number: nonEmpty,
            rule: z.enum(['freeInSwitzerland', 'perMinuteWithEuPrice', 'providerPlusConnectionFee', 'perMinuteWithRoamingPrice']),
            prices: z.array(z.number().nonnegative()).default([]),
          })
          .strict(),
      )
      .min(1),
    shortNumbers: z
      .array(z.object({ numbers: z.array(z.string().regex(/^\d{3,4}$/)).min(1), service: z.string().optional(), setup: chf, perMinute: chf }).strict())
      .min(1),
  })
  .strict();

/** Texts are free-form nested strings and lists; their keys are checked against Italian. */
export type TextTree = { [key: string]: string | TextTree | TextTree[] | string[] };
const textValue: z.ZodType<unknown> = z.lazy(() => z.union([z.string(), z.array(textValue), z.record(z.string(), textValue)]));
export const textsFileSchema = z.record(z.string(), textValue);

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
