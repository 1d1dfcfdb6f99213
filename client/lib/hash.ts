/**
 * The element id a URL hash names. Addresses carry ids percent-encoded
 * (`#%C3%BCber`), but a hand-typed or truncated one may hold an escape that is
 * not UTF-8 (`#%E0`): decodeURIComponent throws on it, and a throw here would
 * stop the page's other behaviours. Such a hash is taken as written; it then
 * simply names no element.
 */
export function idFromHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
