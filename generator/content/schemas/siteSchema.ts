/** The shape of content/site.yaml: the brand, contact, address, theme, links and services. */
import { z } from 'zod';
import { about, dnsName, httpsUrl, maxNameLength, phone, shortText, time, weekday } from './schemaFields.ts';

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

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
