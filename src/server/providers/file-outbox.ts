/**
 * A folder of sent messages, for the offline providers (mail, SMS): each message is
 * `<id>.json` (what the dev inbox and tests read), optionally with files of its own beside it
 * (a mail's `<id>.eml`). Ids start with the send time, so sorting the file names sorts the
 * messages; the folder is created on the first send. Every file is written atomically, and the
 * JSON last, so a reader never sees half a message.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';

/** At most this many messages are listed (the newest); older files stay on disk. */
export const OUTBOX_LIST_LIMIT = 500;

export interface FileOutbox<Message> {
  /** A new message's id and send time (the clock's now). */
  next(): { id: string; sentAt: Date };
  /** Writes a message: its `extra` files (by extension) first, then `<id>.json`. */
  write(id: string, message: Message, extra?: Readonly<Record<string, string | Buffer>>): Promise<void>;
  /** The newest OUTBOX_LIST_LIMIT messages, newest first; a foreign or damaged file is left out. */
  list(): Promise<Message[]>;
}

/** Writes a file atomically (a temporary file renamed into place). */
async function writeAtomic(path: string, data: string | Buffer): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

export function createFileOutbox<Message>(options: {
  /** The folder. */
  dir: string;
  /** What a listed message must be. */
  schema: z.ZodType<Message>;
  /** The clock, injectable for tests. */
  now?: () => Date;
}): FileOutbox<Message> {
  const now = options.now ?? (() => new Date());
  // Orders messages sent within the same millisecond (or under a fixed test clock).
  let sequence = 0;

  return {
    next() {
      const sentAt = now();
      sequence = (sequence + 1) % 1_000_000;
      const stamp = sentAt.toISOString().replace(/[-:.]/g, '');
      return { id: `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`, sentAt };
    },

    async write(id, message, extra = {}) {
      await mkdir(options.dir, { recursive: true });
      for (const [extension, data] of Object.entries(extra))
        await writeAtomic(join(options.dir, `${id}.${extension}`), data);
      await writeAtomic(join(options.dir, `${id}.json`), `${JSON.stringify(message, null, 2)}\n`);
    },

    async list() {
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
      const messages: Message[] = [];
      for (const name of newest) {
        const parsed = options.schema.safeParse(JSON.parse(await readFile(join(options.dir, name), 'utf8')));
        if (parsed.success) messages.push(parsed.data);
      }
      return messages;
    },
  };
}
