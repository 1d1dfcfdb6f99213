/**
 * The texts a plan's card reads besides its labels, keyed by the plan's id in the
 * subscriptions texts (`subscriptions.plans.items.<id>`): one home for the keys, which the
 * card (templates/subscriptions/PlanCard.tsx) reads and the content loader requires of the
 * reference language for every plan, so a new plan without them is an error at the plan.
 */
import type { Plan } from '../content/schemas/offerSchema.ts';

/** The roaming reaches a card describes; a plan including one has a `scope` text for it. */
export type RoamingReach = keyof Plan['roaming'];
const reaches: RoamingReach[] = ['europe', 'world'];

export const planDescriptionKey = (planId: string) => `subscriptions.plans.items.${planId}.description`;
export const planScopeKey = (planId: string, reach: RoamingReach) =>
  `subscriptions.plans.items.${planId}.scope.${reach}`;

/** Every text the card of `plan` reads from its own keys, with the field of plans.yaml that asks for it. */
export function planTextKeys(plan: Pick<Plan, 'id' | 'roaming'>): { key: string; field: string[] }[] {
  return [
    { key: planDescriptionKey(plan.id), field: ['id'] },
    ...reaches
      .filter((reach) => plan.roaming[reach] !== false)
      .map((reach) => ({ key: planScopeKey(plan.id, reach), field: ['roaming', reach] })),
  ];
}
