/**
 * The member's data export (contract src/contract/data-export.ts, docs/security.md 'Data
 * export'): one every DATA_EXPORT_INTERVAL_S per member, each logged in `data_exports`, and
 * the ZIP streamed entry by entry (photo files are read from storage only when their turn
 * comes, so a member with many photos does not fill the server's memory).
 */
import { PassThrough, Readable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { DATA_EXPORT_INTERVAL_S } from '#src/contract/data-export.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { accounts, dataExports } from '#src/server/db/schema.ts';
import { photoFileName } from '#src/server/features/photos/index.ts';
import { fail } from '#src/server/http/errors.ts';
import type { StorageProvider } from '#src/server/providers/storage/types.ts';
import type { MemberExport } from './collect.ts';

/** Seconds until the member may export again (0: now), and the last export's time. */
export async function exportWait(
  db: Db | Tx,
  accountId: number,
  now: Date,
): Promise<{ wait: number; last: Date | null }> {
  const [last] = await db
    .select({ createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(eq(dataExports.accountId, accountId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  if (!last) return { wait: 0, last: null };
  const next = last.createdAt.getTime() + DATA_EXPORT_INTERVAL_S * 1000;
  return { wait: Math.max(0, Math.ceil((next - now.getTime()) / 1000)), last: last.createdAt };
}

/** The 429 of an export asked too soon: the time left in hours and minutes (rounded up). */
export function tooSoon(waitSeconds: number) {
  const minutesLeft = Math.max(1, Math.ceil(waitSeconds / 60));
  return fail('export_too_soon', {
    params: { hours: Math.floor(minutesLeft / 60), minutes: minutesLeft % 60 },
  });
}

/**
 * Starts an export: refuses one within the interval (429 export_too_soon), else logs it.
 * The account row is locked while checking, so two parallel requests cannot both pass.
 */
export async function startExport(db: Db, accountId: number, now: Date): Promise<{ exportId: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const { wait } = await exportWait(tx, accountId, now);
    if (wait > 0) throw tooSoon(wait);
    const [row] = await tx.insert(dataExports).values({ accountId, createdAt: now }).returning({ id: dataExports.id });
    if (!row) throw new Error('data export: the log row was not written');
    return { exportId: row.id };
  });
}

const README = `This archive holds the data we keep about you (GDPR articles 15 and 20).

account.json        your account: e-mail address, language, credits, status, dates
profile.json        your profile, interests, saved search, how you arrived
photos.json         your photos and their review state; the files are in photos/
likes.json          likes you gave and received, your swipes
blocks.json         members you blocked
conversations.json  your conversations with every message, the site's messages to you
orders.json         your orders with their history, stored payment methods, direct debit
ledger.json         every change of your credit balance
notifications.json  e-mail and push notification settings, notification mails sent
consents.json       what you agreed to and switched on
logins.json         your logins (sessions): when they started and were last used
other.json          complaints and reports you sent, account deletions, earlier exports

Other members appear by their public profile id and name, as the site shows them.
Dates are in UTC (ISO 8601); amounts in minor units of their currency (1999 EUR = 19.99 EUR).
`;

/**
 * The ZIP as a web stream: README, the JSON files, then the photo files, each read from
 * storage when the archive reaches it. `onDone` gets the count of files and bytes written
 * (or the error that ended the stream).
 */
export function exportZip(
  data: MemberExport,
  storage: StorageProvider,
  mtime: Date,
  onDone: (result: { files: number; bytes: number } | { error: unknown }) => void,
): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const options = { mtime };
  let files = 0;
  zip.addBuffer(Buffer.from(README), 'README.txt', options);
  files += 1;
  for (const [name, content] of Object.entries(data.files)) {
    zip.addBuffer(Buffer.from(JSON.stringify(content, null, 2)), name, options);
    files += 1;
  }
  for (const photo of data.photos) {
    zip.addReadStreamLazy(photo.name, options, (callback) => {
      storage.get(photoFileName(photo.storageKey, 'full')).then(
        (bytes) => callback(null, Readable.from(bytes ? [Buffer.from(bytes)] : [])),
        (error: unknown) => callback(error as Error, new PassThrough()),
      );
    });
    files += 1;
  }
  zip.end();
  let bytes = 0;
  const counted = new PassThrough();
  counted.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  counted.on('end', () => onDone({ files, bytes }));
  zip.outputStream.on('error', (error: Error) => {
    onDone({ error });
    counted.destroy(error);
  });
  zip.outputStream.pipe(counted);
  return Readable.toWeb(counted) as ReadableStream<Uint8Array>;
}

/** Writes the export's outcome to its log row. */
export async function finishExport(db: Db, exportId: number, files: number, bytes: number, now: Date): Promise<void> {
  await db.update(dataExports).set({ files, bytes, completedAt: now }).where(eq(dataExports.id, exportId));
}
