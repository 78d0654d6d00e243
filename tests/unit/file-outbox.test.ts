/**
 * The file outbox of the offline mail and SMS providers (src/server/providers/file-outbox.ts):
 * one JSON file per message with its own files beside it, listed newest first, foreign or
 * damaged files left out.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFileOutbox } from '#src/server/providers/file-outbox.ts';

const note = z.object({ id: z.string(), text: z.string(), sentAt: z.string() });
type Note = z.infer<typeof note>;

let dir: string;
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'file-outbox-')), 'outbox');
});
afterEach(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true });
});

async function send(outbox: ReturnType<typeof createFileOutbox<Note>>, text: string, extra?: Record<string, string>) {
  const { id, sentAt } = outbox.next();
  const message = { id, text, sentAt: sentAt.toISOString() };
  await outbox.write(id, message, extra);
  return message;
}

describe('file outbox', () => {
  it('lists nothing before the first message (the folder does not exist yet)', async () => {
    expect(await createFileOutbox({ dir, schema: note }).list()).toEqual([]);
  });

  it('keeps messages in the order sent, also within one instant of a fixed clock, newest first', async () => {
    const outbox = createFileOutbox({ dir, schema: note, now: () => new Date('2026-01-05T14:05:00.000Z') });
    const first = await send(outbox, 'first');
    const second = await send(outbox, 'second');
    expect(first.id.startsWith('20260105T140500000Z-000001-')).toBe(true);
    expect(await outbox.list()).toEqual([second, first]);
  });

  it('writes a message’s own files beside its JSON and leaves no temporary files', async () => {
    const outbox = createFileOutbox({ dir, schema: note });
    const { id } = await send(outbox, 'with a copy', { eml: 'Subject: hello\n' });
    expect((await readdir(dir)).sort()).toEqual([`${id}.eml`, `${id}.json`]);
    expect(await readFile(join(dir, `${id}.eml`), 'utf8')).toBe('Subject: hello\n');
  });

  it('leaves out files that are not its messages', async () => {
    const outbox = createFileOutbox({ dir, schema: note });
    const kept = await send(outbox, 'kept');
    await writeFile(join(dir, '99999999-foreign.json'), JSON.stringify({ hello: 'world' }));
    await writeFile(join(dir, 'notes.txt'), 'not a message');
    expect(await outbox.list()).toEqual([kept]);
  });
});
