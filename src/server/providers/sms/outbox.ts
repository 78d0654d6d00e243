/**
 * The offline SMS provider: every SMS becomes `<DATA_DIR>/sms-outbox/<id>.json`, listed by
 * the dev inbox (/_dev/sms) and read by tests. File names start with the send time, so
 * sorting them sorts the messages.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { OutgoingSms, SentSms, SmsProvider } from './types.ts';

/** At most this many messages are listed (the newest); older files stay on disk. */
export const SMS_OUTBOX_LIST_LIMIT = 500;

const sentSmsSchema = z.object({
  id: z.string(),
  to: z.string(),
  text: z.string(),
  siteId: z.string(),
  sentAt: z.string(),
});

export function createOutboxSmsProvider(options: { dir: string; now?: () => Date }): SmsProvider {
  const now = options.now ?? (() => new Date());
  // Orders messages sent within the same millisecond (or under a fixed test clock).
  let sequence = 0;
  return {
    kind: 'outbox',

    async send(sms: OutgoingSms): Promise<SentSms> {
      const sentAt = now();
      sequence = (sequence + 1) % 1_000_000;
      const stamp = sentAt.toISOString().replace(/[-:.]/g, '');
      const id = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const sent: SentSms = { ...sms, id, sentAt: sentAt.toISOString() };
      await mkdir(options.dir, { recursive: true });
      // Written atomically, so a reader never sees half a message.
      const path = join(options.dir, `${id}.json`);
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, `${JSON.stringify(sent, null, 2)}\n`);
      await rename(temporary, path);
      return sent;
    },

    async list(): Promise<SentSms[]> {
      let names: string[];
      try {
        names = await readdir(options.dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const newest = names
        .filter((name) => name.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, SMS_OUTBOX_LIST_LIMIT);
      const messages: SentSms[] = [];
      for (const name of newest) {
        const parsed = sentSmsSchema.safeParse(JSON.parse(await readFile(join(options.dir, name), 'utf8')));
        if (parsed.success) messages.push(parsed.data);
      }
      return messages;
    },
  };
}
