/** The development inbox: what the outbox provider "sent", newest first, safely shown. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FIXED_NOW, json, type TestApp } from './harness.ts';

type MailList = {
  mails: { id: string; to: string; subject: string; text: string; siteId: string; sentAt: string; links: string[] }[];
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.mail.send({ to: 'first@example.test', subject: 'Welcome to Flirtmoment', text: 'Hello!', siteId: 'default' });
  t.clock.now = new Date(FIXED_NOW.getTime() + 60_000);
  await t.mail.send({
    to: 'Second@Example.test',
    subject: '<script>alert("x")</script> Activate your account',
    text: 'Click https://default.localhost/activate?token=abc&next=/members. to activate.\n<b>not bold</b>',
    siteId: 'bdsm',
  });
});
afterAll(() => t.close());

describe('GET /_dev/mail.json', () => {
  it('lists the sent mails newest first, with their links', async () => {
    const response = await t.request('/_dev/mail.json', { host: 'localhost' });
    expect(response.status).toBe(200);
    const { mails } = await json<MailList>(response);
    expect(mails.map((m) => m.to)).toEqual(['Second@Example.test', 'first@example.test']);
    expect(mails[0]).toMatchObject({ siteId: 'bdsm', sentAt: '2025-06-01T12:01:00.000Z' });
    expect(mails[0]?.links).toEqual(['https://default.localhost/activate?token=abc&next=/members']);
  });

  it('filters by recipient, ignoring case', async () => {
    const { mails } = await json<MailList>(
      await t.request('/_dev/mail.json?to=second@example.test', { host: 'localhost' }),
    );
    expect(mails).toHaveLength(1);
  });

  it('keeps each mail as JSON and as an .eml message in the outbox folder', () => {
    const files = readdirSync(join(t.config.dataDir, 'outbox'));
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(existsSync(join(t.config.dataDir, 'outbox'))).toBe(true);
  });
});

describe('GET /_dev/mail', () => {
  it('shows every mail with clickable links and all mail content escaped', async () => {
    const response = await t.request('/_dev/mail', { host: 'localhost' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>not bold</b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Activate your account');
    expect(html).toContain(
      '<a href="https://default.localhost/activate?token=abc&amp;next=/members" rel="noreferrer noopener">https://default.localhost/activate?token=abc&amp;next=/members</a>. to activate.',
    );
    expect(html.indexOf('Activate your account')).toBeLessThan(html.indexOf('Welcome to Flirtmoment'));
    expect(html).toContain('first@example.test');
  });
});

describe('in production', () => {
  it('there is no dev inbox', async () => {
    const production = await createTestApp({ env: 'production' });
    try {
      await production.mail.send({
        to: 'x@example.test',
        subject: 'Secret subject',
        text: 'secret',
        siteId: 'default',
      });
      const response = await production.request('/_dev/mail.json', { host: 'localhost' });
      expect(await response.text()).not.toContain('Secret subject');
    } finally {
      await production.close();
    }
  });
});
