/**
 * Runs each of a page's behaviours on its own: one that throws (a browser
 * lacking something, an odd address) is logged and the others still run, since
 * each only enhances markup that works without it.
 */
export function runIndependently(behaviours: Record<string, () => void>): void {
  for (const [name, behaviour] of Object.entries(behaviours)) {
    try {
      behaviour();
    } catch (error) {
      console.error(`${name} failed:`, error);
    }
  }
}
