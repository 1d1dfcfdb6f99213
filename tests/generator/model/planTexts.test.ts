/** The texts a plan's card reads under its id: a description, and a scope per roaming reach it includes. */
import { describe, expect, it } from 'vitest';
import { planDescriptionKey, planScopeKey, planTextKeys } from '../../../generator/model/planTexts.ts';

const allowance = { calls: '1h', data: '1GB', sms: 1 };

describe('planTextKeys', () => {
  it('asks a plan without roaming for its description alone, at its id', () => {
    expect(planTextKeys({ id: 'basic', roaming: { europe: false, world: false } })).toEqual([
      { key: 'subscriptions.plans.items.basic.description', field: ['id'] },
    ]);
  });

  it('asks for a scope of each reach the plan includes, at that reach', () => {
    expect(planTextKeys({ id: 'far', roaming: { europe: allowance, world: allowance } })).toEqual([
      { key: planDescriptionKey('far'), field: ['id'] },
      { key: 'subscriptions.plans.items.far.scope.europe', field: ['roaming', 'europe'] },
      { key: planScopeKey('far', 'world'), field: ['roaming', 'world'] },
    ]);
    expect(
      planTextKeys({ id: 'eu', roaming: { europe: allowance, world: false } }).map((text) => text.key),
    ).toEqual([planDescriptionKey('eu'), planScopeKey('eu', 'europe')]);
  });
});
