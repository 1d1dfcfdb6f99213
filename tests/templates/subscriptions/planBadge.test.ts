/**
 * The plan badge rule, checked in its order on every combination of
 * the data it reads (the real plans show whatever badge their data gives:
 * tests/site/pages.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../generator/content/schemas/offerSchema.ts';
import { planBadge, type PlanBadge } from '../../../templates/subscriptions/planBadge.ts';

const allowance = { calls: '1h', data: '1GB', sms: 1 };
const plan = (id: string, europe: boolean, world: boolean): Pick<Plan, 'id' | 'roaming'> => ({
  id,
  roaming: { europe: europe && allowance, world: world && allowance },
});

describe('planBadge', () => {
  // The rule: business-zone badge for my-europe-plus; otherwise global if world
  // roaming is an object, europe if Europe roaming is an object, else Switzerland.
  const cases: [id: string, europe: boolean, world: boolean, badge: PlanBadge][] = [
    ['my-europe-plus', false, false, 'business'],
    ['my-europe-plus', true, false, 'business'],
    ['my-europe-plus', false, true, 'business'],
    ['my-europe-plus', true, true, 'business'],
    ['other', true, true, 'global'],
    ['other', false, true, 'global'],
    ['other', true, false, 'europe'],
    ['other', false, false, 'switzerland'],
  ];
  for (const [id, europe, world, badge] of cases) {
    it(`gives ${badge} to ${id} with Europe roaming ${europe ? 'on' : 'off'} and world roaming ${world ? 'on' : 'off'}`, () => {
      expect(planBadge(plan(id, europe, world))).toBe(badge);
    });
  }

  it('checks my-europe-plus before world roaming', () => {
    expect(planBadge(plan('my-europe-plus', true, true))).toBe('business');
    expect(planBadge(plan('my-world', true, true))).toBe('global');
  });
});
