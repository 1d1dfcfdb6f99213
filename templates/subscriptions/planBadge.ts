/**
 * A plan card's badge, derived from the plan's data by the site's badge rule, in its
 * order: the business-zone badge for my-europe-plus; otherwise the global badge
 * if world roaming is included, the europe badge if Europe roaming is, else the
 * Switzerland badge. Never stored, so it cannot drift from the roaming data.
 */
import type { Plan } from '../../generator/content/schemas/offerSchema.ts';
import { businessBadgePlanId } from '../../generator/model/constants.ts';

export type PlanBadge = 'switzerland' | 'europe' | 'business' | 'global';

export function planBadge(plan: Pick<Plan, 'id' | 'roaming'>): PlanBadge {
  if (plan.id === businessBadgePlanId) return 'business';
  if (plan.roaming.world) return 'global';
  if (plan.roaming.europe) return 'europe';
  return 'switzerland';
}
