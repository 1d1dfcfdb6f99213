/** buildMailtoLink: a mailto: link whose subject and body a mail program reads back exactly (RFC 6068). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMailtoLink } from '../../../client/lib/mailto.ts';
import { parseMailto } from '../../helpers/client.ts';

describe('buildMailtoLink', () => {
  it('encodes characters with a meaning in URLs', () => {
    const href = buildMailtoLink('info@example.com', {
      subject: 'A & B? #1 100% + "x"',
      body: 'line 1\nline 2',
    });
    expect(href).toBe(
      'mailto:info@example.com?subject=A%20%26%20B%3F%20%231%20100%25%20%2B%20%22x%22&body=line%201%0D%0Aline%202',
    );
  });

  it('round-trips any input, emoji and line breaks included', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 500 }),
        fc.string({ unit: 'grapheme', maxLength: 500 }),
        (subject, body) => {
          const parsed = parseMailto(
            buildMailtoLink('info@example.com', { subject: subject || undefined, body: body || undefined }),
          );
          expect(parsed.to).toBe('info@example.com');
          expect(parsed.subject ?? '').toBe(subject);
          expect(parsed.body ?? '').toBe(body.replace(/\r?\n/g, '\r\n'));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves no raw reserved character in the query', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const query = buildMailtoLink('info@example.com', { subject: text, body: text }).split('?')[1] ?? '';
        expect(query.split('&').length).toBeLessThanOrEqual(2);
        expect(query).not.toMatch(/[#?\s"<>]/);
      }),
    );
  });
});
