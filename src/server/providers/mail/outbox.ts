/**
 * The offline mail provider: every mail becomes two files in the outbox folder
 * (`<DATA_DIR>/outbox/`): `<id>.json` (what the dev inbox and tests read) and `<id>.eml`
 * (the full RFC 5322 message as nodemailer would send it; opens in any mail client).
 * File names start with the send time, so sorting them sorts the mails.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { nodemailerMessage } from './message.ts';
import type { MailProvider, OutgoingMail, SentMail } from './types.ts';

export interface OutboxOptions {
  /** The outbox folder; created on first send. */
  dir: string;
  /** The sender address (MAIL_FROM). */
  from: string;
  /** The clock, injectable for tests. */
  now?: () => Date;
}

/** At most this many mails are listed (the newest); older files stay on disk. */
export const OUTBOX_LIST_LIMIT = 500;

const sentMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  siteId: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  sentAt: z.string(),
});

/** Writes a file atomically, so a reader never sees half a mail. */
async function writeAtomic(path: string, data: string | Buffer): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

export function createOutboxMailProvider(options: OutboxOptions): MailProvider {
  const now = options.now ?? (() => new Date());
  // Renders the .eml exactly as the SMTP transport would put it on the wire.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Orders mails sent within the same millisecond (or under a fixed test clock).
  let sequence = 0;

  return {
    kind: 'outbox',

    async send(mail: OutgoingMail): Promise<SentMail> {
      const sentAt = now();
      sequence = (sequence + 1) % 1_000_000;
      const stamp = sentAt.toISOString().replace(/[-:.]/g, '');
      const id = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const sent: SentMail = { ...mail, id, from: options.from, sentAt: sentAt.toISOString() };
      const rendered = await renderer.sendMail({
        ...nodemailerMessage(mail, options.from, sentAt),
        messageId: `<${id}@outbox.localhost>`,
      });
      await mkdir(options.dir, { recursive: true });
      await writeAtomic(join(options.dir, `${id}.eml`), rendered.message as Buffer);
      await writeAtomic(join(options.dir, `${id}.json`), `${JSON.stringify(sent, null, 2)}\n`);
      return sent;
    },

    async list(): Promise<SentMail[]> {
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
        .slice(0, OUTBOX_LIST_LIMIT);
      const mails: SentMail[] = [];
      for (const name of newest) {
        const parsed = sentMailSchema.safeParse(JSON.parse(await readFile(join(options.dir, name), 'utf8')));
        // A foreign or damaged file is not a mail: the inbox shows the rest.
        if (parsed.success) mails.push(parsed.data);
      }
      return mails;
    },
  };
}
