/** The plan badge rule of section 3, on plans made up to reach every branch. */
import { describe, expect, it } from 'vitest';
import type { Plan, Zone } from '../generator/schema.ts';
import { planBadge } from '../templates/subscriptions/planBadge.ts';
import { countryName, formatQuantity } from '../templates/format.ts';

const allowance = { calls: '1h', data: '1GB', sms: 1 };
const plan = (id: string, europe: boolean, world: boolean): Plan => ({
  id,
  name: id,
  nationalCalls: '1h',
  nationalSms: 1,
  nationalData: '1GB',
  roaming: { europe: europe && allowance, world: world && allowance },
  esim: true,
  coverage: 'c',
  support: 's',
  features: ['f'],
});
const zones: Zone[] = [{ id: 'business', icon: 'briefcase', colour: '#000000', plans: ['in-business', 'world-and-business'], countries: ['x'], starred: [] }];

describe('planBadge', () => {
  it('gives global to a plan with world roaming, even inside the business zone', () => {
    expect(planBadge(plan('world-and-business', true, true), zones)).toBe('global');
  });
  it('gives business to a plan of the business zone without world roaming', () => {
    expect(planBadge(plan('in-business', true, false), zones)).toBe('business');
  });
  it('gives europe to a plan with Europe roaming only', () => {
    expect(planBadge(plan('europe-only', true, false), zones)).toBe('europe');
  });
  it('gives switzerland to a plan without roaming', () => {
    expect(planBadge(plan('home', false, false), zones)).toBe('switzerland');
  });
});

describe('formatQuantity and countryName', () => {
  it('formats content quantities with the language’s units', () => {
    expect(formatQuantity('50h', 'de-CH')).toMatch(/^50\sStunden$/);
    expect(formatQuantity('200GB', 'fr-CH')).toMatch(/^200\sGo$/);
    expect(formatQuantity('unlimited', 'en-CH')).toBe('unlimited');
  });
  it('names a territory without its own code from its parts', () => {
    expect(countryName(['GG', 'JE'], 'en-CH')).toBe('Guernsey and Jersey');
    expect(countryName('CH', 'it-CH')).toBe('Svizzera');
  });
});
