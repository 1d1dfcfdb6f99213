/**
 * The four statuses of a translation and their counts as the build's summary and
 * `site translations status` write them. Imports nothing: the summary of a build
 * skipped as up to date loads it without loading the build (or zod).
 */
export const translationStatuses = ['missing', 'outdated', 'untranslated', 'current'] as const;
export type TranslationStatus = (typeof translationStatuses)[number];
export type StatusCounts = Record<TranslationStatus, number>;

/** `540 current, 3 outdated` (statuses with none left out, but current always shown). */
export function formatCounts(counts: StatusCounts): string {
  // Current first: the number a translator wants to see grow.
  return (['current', 'outdated', 'missing', 'untranslated'] as const)
    .filter((status) => status === 'current' || counts[status] > 0)
    .map((status) => `${counts[status]} ${status}`)
    .join(', ');
}
