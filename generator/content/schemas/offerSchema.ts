/** The shapes of the offer: plans.yaml, zones.yaml, countries.yaml and tariffs.yaml. */
import { z } from 'zod';
import { zoneIds } from '../../model/constants.ts';
import { about, maxNameLength, nonEmpty, shortText } from './schemaFields.ts';

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

export type Plan = z.infer<typeof planSchema>;
export type RoamingAllowance = z.infer<typeof roamingAllowance>;
export type Zone = z.infer<typeof zoneSchema>;
export type ZoneId = Zone['id'];
export type Country = z.infer<typeof countrySchema>;
export type Tariffs = z.infer<typeof tariffsFileSchema>;
export type Price = z.infer<typeof chf>;
