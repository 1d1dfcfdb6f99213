/**
 * The not-found page logs the attempted path. On hosts without rules it also
 * forwards an unknown legal section (/legal/anything) to that language's legal
 * page, as the host rules do elsewhere.
 */
export function handleNotFound(doc: Document): void {
  const attempted = `${location.pathname}${location.search}${location.hash}`;
  console.warn(`Page not found: ${attempted}`);
  const target = legalPageFor(
    location.pathname,
    JSON.parse(doc.body.dataset.legalPaths ?? '{}') as Record<string, string>,
  );
  if (target) location.replace(target);
}

/** The legal page (one per language, from the build) whose path plus exactly one segment is this path, if any. */
export function legalPageFor(pathname: string, legalPaths: Record<string, string>): string | undefined {
  return Object.values(legalPaths).find(
    (legalPath) => pathname.startsWith(legalPath) && /^[^/]+\/?$/.test(pathname.slice(legalPath.length)),
  );
}
