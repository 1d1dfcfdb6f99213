/**
 * The not-found page logs the attempted path. On hosts without rules it also
 * forwards an unknown legal section (/legal/anything) to that language's legal
 * page, as the host rules do elsewhere.
 */
export function handleNotFound(doc: Document): void {
  const attempted = `${location.pathname}${location.search}${location.hash}`;
  console.warn(`Page not found: ${attempted}`);
  const legalPaths = JSON.parse(doc.body.dataset.legalPaths ?? '{}') as Record<string, string>;
  const match = /^\/(?:(en|de|fr)\/)?legal\/[^/]+\/?$/.exec(location.pathname);
  const target = match ? legalPaths[match[1] ?? 'it'] : undefined;
  if (target) location.replace(target);
}
