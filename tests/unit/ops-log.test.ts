/**
 * What the log keeps of a text (src/server/platform/log.ts) and which incoming request ids are
 * kept (src/server/platform/request-scope.ts): docs/operations.md "Logs".
 */
import { describe, expect, it } from 'vitest';
import { scrub } from '#src/server/platform/log.ts';
import { requestIdOf } from '#src/server/platform/request-scope.ts';

describe('scrub', () => {
  it.each([
    ['mail to ann.o+x@sub.example.co.uk bounced', 'mail to [email] bounced'],
    ['from 203.0.113.7 and 10.0.0.2', 'from [ip] and [ip]'],
    ['client 2001:db8:85a3::8a2e:370:7334 left', 'client [ip] left'],
    ['from ::1 and ::ffff:198.51.100.4', 'from [ip] and [ip]'],
    ['last seen at 2001:db8::1.', 'last seen at [ip].'],
    ['GET /reset?token=abc123&x=1', 'GET /reset?token=[redacted]&x=1'],
    ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.x.y', 'Authorization: Bearer [token]'],
    ['connect postgres://app:pw@db:5432/flirt failed', 'connect postgres://[credentials]@db:5432/flirt failed'],
  ])('%s', (text, expected) => {
    expect(scrub(text)).toBe(expected);
  });

  it('keeps times, package paths and ordinary text', () => {
    for (const text of [
      'at 2025-06-01T12:00:00.000Z took 12:00:05',
      'at node_modules/@redis/client/dist/lib/socket.js:300:19',
      'order ord_123 paid (3 credits)',
    ]) {
      expect(scrub(text)).toBe(text);
    }
  });
});

describe('requestIdOf', () => {
  it('keeps a sane incoming id', () => {
    expect(requestIdOf('edge-4f1c2a9b-77')).toBe('edge-4f1c2a9b-77');
    expect(requestIdOf('  7f3e9c1d2b4a5e6f  ')).toBe('7f3e9c1d2b4a5e6f');
  });

  it('makes a new one for a missing, short, long or odd id', () => {
    for (const incoming of [undefined, '', 'short', 'x'.repeat(129), 'ann@example.test-1234', 'a b c d e f g h']) {
      expect(requestIdOf(incoming)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
