/**
 * A plan card's badge, derived from the plan's data as section 3 says: the
 * business-zone badge for the plan whose reach ends at the business zone
 * (my-europe-plus), otherwise global if world roaming is included, europe if
 * Europe roaming is, else Switzerland. Never stored, so it cannot drift from
 * the roaming data.
 */
import type { Plan, Zone } from '../../generator/schema.ts';

export type PlanBadge = 'switzerland' | 'europe' | 'business' | 'global';

export function planBadge(plan: Plan, zones: Zone[]): PlanBadge {
  if (plan.roaming.world) return 'global';
  const businessZone = zones.find((zone) => zone.id === 'business');
  if (businessZone?.plans.includes(plan.id)) return 'business';
  if (plan.roaming.europe) return 'europe';
  return 'switzerland';
}
