/**
 * Builds `mailto:` links. Shared by the templates (static mail buttons) and the
 * form scripts, so both encode the same way. encodeURIComponent turns every
 * character that has a meaning in a URL (`&`, `?`, `#`, `%`, `+`, quotes) into
 * its percent form and line breaks into %0A; RFC 6068 asks for CRLF, so we
 * normalise line breaks to \r\n first.
 */
export interface MailDraft {
  subject?: string;
  body?: string;
}

export function buildMailtoLink(to: string, draft: MailDraft = {}): string {
  const parameters: string[] = [];
  if (draft.subject) parameters.push(`subject=${encodeURIComponent(draft.subject)}`);
  if (draft.body) parameters.push(`body=${encodeURIComponent(draft.body.replace(/\r?\n/g, '\r\n'))}`);
  return `mailto:${to}${parameters.length > 0 ? `?${parameters.join('&')}` : ''}`;
}
