/**
 * Chat pal profiles in the back office (docs/staff.md "Chat pals"): fictional profiles of a
 * site (`profiles.type = 'fictional'`, no account), listed, created and edited by admins, with
 * photos through the members' photo pipeline and the staff operators who answer as each.
 * `type` is never written but as 'fictional', so a chat pal cannot be turned into a member
 * profile. Every change is audited in the same transaction as the change.
 */
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { PHOTO_LIMIT_PREMIUM } from '#src/contract/photos.ts';
import {
  CHAT_PALS_PAGE_SIZE,
  chatPalPhotoUrl,
  type ChatPalDetail,
  type ChatPalFields,
  type ChatPalOperator,
  type ChatPalSummary,
} from '#src/contract/staff-chat-pals.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { chatPalOperators, photos, profiles, staffAccounts } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { ageOf } from '#src/server/features/members/index.ts';
import { decodeInTurn, processUpload, savePhoto } from '#src/server/features/photos/index.ts';
import { audit, auditBy, sessionActor, type StaffSession } from '#src/server/features/staff/index.ts';

const mainThumb = sql<
  string | null
>`(select ph.public_id from ${photos} ph where ph.id = ${profiles.mainPhotoId} and ph.status = 'active')`;

/** Active staff accounts with the operator role: who may be assigned to chat pals. */
export async function listOperators(db: Db | Tx, ids?: readonly number[]): Promise<ChatPalOperator[]> {
  const where: SQL[] = [eq(staffAccounts.status, 'active'), sql`'operator' = any(${staffAccounts.roles})`];
  if (ids) where.push(inArray(staffAccounts.id, [...ids]));
  return db
    .select({ id: staffAccounts.id, name: staffAccounts.name, email: staffAccounts.email })
    .from(staffAccounts)
    .where(and(...where))
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
}

/** The operators of each chat pal. */
async function operatorsOf(db: Db | Tx, chatPalIds: number[]): Promise<Map<number, ChatPalOperator[]>> {
  const map = new Map<number, ChatPalOperator[]>();
  if (chatPalIds.length === 0) return map;
  const rows = await db
    .select({
      chatPalId: chatPalOperators.chatPalId,
      id: staffAccounts.id,
      name: staffAccounts.name,
      email: staffAccounts.email,
    })
    .from(chatPalOperators)
    .innerJoin(staffAccounts, eq(staffAccounts.id, chatPalOperators.staffId))
    .where(inArray(chatPalOperators.chatPalId, chatPalIds))
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
  for (const { chatPalId, ...operator } of rows) map.set(chatPalId, [...(map.get(chatPalId) ?? []), operator]);
  return map;
}

const summaryColumns = {
  rowId: profiles.id,
  id: profiles.publicId,
  site: profiles.siteId,
  name: profiles.name,
  birthdate: profiles.birthdate,
  gender: profiles.gender,
  status: profiles.status,
  thumb: mainThumb,
};

interface SummaryRow {
  id: string;
  site: string;
  name: string;
  birthdate: string;
  gender: 'male' | 'female';
  status: 'active' | 'disabled';
  thumb: string | null;
}

function toSummary(row: SummaryRow, operators: ChatPalOperator[], now: Date): ChatPalSummary {
  return {
    id: row.id,
    site: row.site,
    name: row.name,
    age: ageOf(row.birthdate, now),
    gender: row.gender,
    fictional: true,
    active: row.status === 'active',
    thumb_url: row.thumb ? chatPalPhotoUrl(row.thumb, 'thumb') : null,
    operators,
  };
}

/** A page of chat pals, newest first (keyset on the profile id), one site or all. */
export async function listChatPals(
  db: Db,
  now: Date,
  filter: { siteId?: string | undefined; after?: string | undefined },
): Promise<{ chat_pals: ChatPalSummary[]; next: string | null; operators: ChatPalOperator[] }> {
  const where: SQL[] = [eq(profiles.type, 'fictional')];
  if (filter.siteId) where.push(eq(profiles.siteId, filter.siteId));
  if (filter.after) {
    const [after] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.publicId, filter.after), eq(profiles.type, 'fictional')))
      .limit(1);
    if (!after) throw fail('not_found');
    where.push(lt(profiles.id, after.id));
  }
  const rows = await db
    .select(summaryColumns)
    .from(profiles)
    .where(and(...where))
    .orderBy(desc(profiles.id))
    .limit(CHAT_PALS_PAGE_SIZE + 1);
  const page = rows.slice(0, CHAT_PALS_PAGE_SIZE);
  const operators = await operatorsOf(
    db,
    page.map((row) => row.rowId),
  );
  return {
    chat_pals: page.map((row) => toSummary(row, operators.get(row.rowId) ?? [], now)),
    next: rows.length > CHAT_PALS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    operators: await listOperators(db),
  };
}

/** A chat pal's internal id by its public id; 404 for any other profile. */
async function chatPalRowId(db: Db | Tx, publicId: string): Promise<number> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.publicId, publicId), eq(profiles.type, 'fictional')))
    .limit(1);
  if (!row) throw fail('not_found');
  return row.id;
}

/** One chat pal for the editor. */
export async function chatPalDetail(db: Db | Tx, rowId: number, now: Date): Promise<ChatPalDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      country: profiles.country,
      city: profiles.city,
      language: profiles.language,
      seeking: profiles.seeking,
      aboutMe: profiles.aboutMe,
    })
    .from(profiles)
    .where(and(eq(profiles.id, rowId), eq(profiles.type, 'fictional')))
    .limit(1);
  if (!row) throw fail('not_found');
  const photoRows = await db
    .select({ id: photos.publicId, status: photos.status })
    .from(photos)
    .where(eq(photos.profileId, rowId))
    .orderBy(asc(photos.position), asc(photos.id));
  const operators = await operatorsOf(db, [rowId]);
  return {
    ...toSummary(row, operators.get(rowId) ?? [], now),
    country: row.country,
    city: row.city,
    language: row.language,
    seeking: row.seeking,
    about_me: row.aboutMe ?? '',
    photos: photoRows.map((photo) => ({
      id: photo.id,
      status: photo.status,
      thumb_url: chatPalPhotoUrl(photo.id, 'thumb'),
      url: chatPalPhotoUrl(photo.id, 'full'),
    })),
  };
}

export async function loadChatPal(db: Db, publicId: string, now: Date): Promise<ChatPalDetail> {
  return chatPalDetail(db, await chatPalRowId(db, publicId), now);
}

/** A birthdate that makes the chat pal `age` today (a year after it, they are a year older). */
function birthdateFor(age: number, now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()));
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The profile columns of the fields (the birthdate only when the age changes). */
function columnsOf(fields: ChatPalFields, siteId: string, now: Date, birthdate?: string) {
  return {
    siteId,
    name: fields.name,
    gender: fields.gender,
    seeking: fields.seeking,
    birthdate:
      birthdate !== undefined && ageOf(birthdate, now) === fields.age ? birthdate : birthdateFor(fields.age, now),
    country: fields.country,
    city: fields.city,
    language: fields.language,
    aboutMe: fields.about_me,
    status: fields.active ? ('active' as const) : ('disabled' as const),
  };
}

/** What the audit log keeps of a chat pal: the fields an admin edits. */
function auditedFields(detail: ChatPalDetail): Record<string, unknown> {
  return {
    site: detail.site,
    name: detail.name,
    age: detail.age,
    gender: detail.gender,
    seeking: detail.seeking,
    country: detail.country,
    city: detail.city,
    language: detail.language,
    about_me: detail.about_me,
    active: detail.active,
  };
}

/** The fields whose values differ, before and after. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** What a change of a chat pal starts from: the database, its time, the site (400 unknown), who acts. */
async function changeOf(c: Context<AppEnv>, staff: StaffSession, siteId: string) {
  const { database, now, sites } = c.get('deps');
  if (!sites.some((site) => site.id === siteId)) throw fail('invalid_input', { field: 'site' });
  return { db: database.db, at: now(), siteId, by: await auditBy(c, sessionActor(staff)) };
}

/** A new chat pal (always fictional), audited `chat_pal.create`. */
export async function createChatPal(
  c: Context<AppEnv>,
  staff: StaffSession,
  input: ChatPalFields & { site: string },
): Promise<ChatPalDetail> {
  const { db, at, siteId, by } = await changeOf(c, staff, input.site);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({
        publicId: randomPublicId(),
        type: 'fictional',
        accountId: null,
        ...columnsOf(input, siteId, at),
        lastActiveAt: at,
        createdAt: at,
      })
      .returning({ id: profiles.id, publicId: profiles.publicId });
    if (!row) throw new Error('chat pal insert returned nothing');
    const detail = await chatPalDetail(tx, row.id, at);
    await audit(tx, by, {
      action: 'chat_pal.create',
      targetType: 'chat_pal',
      targetId: row.publicId,
      after: auditedFields(detail),
    });
    return detail;
  });
}

/** Changes a chat pal (the fields sent), audited `chat_pal.update` with the changed fields. */
export async function updateChatPal(
  c: Context<AppEnv>,
  staff: StaffSession,
  input: ChatPalFields & { id: string; site: string },
): Promise<ChatPalDetail> {
  const { db, at, siteId, by } = await changeOf(c, staff, input.site);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: profiles.id, birthdate: profiles.birthdate })
      .from(profiles)
      .where(and(eq(profiles.publicId, input.id), eq(profiles.type, 'fictional')))
      .for('update')
      .limit(1);
    if (!current) throw fail('not_found');
    const before = auditedFields(await chatPalDetail(tx, current.id, at));
    await tx
      .update(profiles)
      .set(columnsOf(input, siteId, at, current.birthdate))
      .where(and(eq(profiles.id, current.id), eq(profiles.type, 'fictional')));
    const detail = await chatPalDetail(tx, current.id, at);
    const difference = changed(before, auditedFields(detail));
    if (Object.keys(difference.after).length > 0) {
      await audit(tx, by, {
        action: 'chat_pal.update',
        targetType: 'chat_pal',
        targetId: input.id,
        ...difference,
      });
    }
    return detail;
  });
}

/** Sets who answers as the chat pal: active operators only (400 otherwise), audited `chat_pal.operators`. */
export async function assignOperators(
  c: Context<AppEnv>,
  staff: StaffSession,
  input: { chat_pal: string; operators: readonly number[] },
): Promise<ChatPalDetail> {
  const { database, now } = c.get('deps');
  const at = now();
  const by = await auditBy(c, sessionActor(staff));
  const wanted = [...new Set(input.operators)];
  return database.db.transaction(async (tx) => {
    const rowId = await chatPalRowId(tx, input.chat_pal);
    const valid = await listOperators(tx, wanted);
    if (valid.length !== wanted.length) throw fail('invalid_input', { field: 'operators' });
    const before = (await operatorsOf(tx, [rowId])).get(rowId) ?? [];
    await tx.delete(chatPalOperators).where(eq(chatPalOperators.chatPalId, rowId));
    if (wanted.length > 0) {
      await tx
        .insert(chatPalOperators)
        .values(wanted.map((staffId) => ({ chatPalId: rowId, staffId, assignedAt: at })));
    }
    const detail = await chatPalDetail(tx, rowId, at);
    await audit(tx, by, {
      action: 'chat_pal.operators',
      targetType: 'chat_pal',
      targetId: input.chat_pal,
      before: { operators: before.map((operator) => operator.id) },
      after: { operators: detail.operators.map((operator) => operator.id) },
    });
    return detail;
  });
}

/**
 * Adds a photo to a chat pal through the members' pipeline (decoded in turn, re-encoded, every
 * variant stored under a random key), inspected in the photo queue like a member's; the first
 * becomes the main photo once approved. Audited `chat_pal.photo`.
 */
export async function addChatPalPhoto(
  c: Context<AppEnv>,
  staff: StaffSession,
  chatPalId: string,
  readFile: () => Promise<Uint8Array>,
): Promise<ChatPalDetail> {
  const { database, photoStorage, now } = c.get('deps');
  const db = database.db;
  const rowId = await chatPalRowId(db, chatPalId);
  const by = await auditBy(c, sessionActor(staff));
  // Staff decode in turns of their own (negative keys never meet a member's account id).
  const processed = await decodeInTurn(-staff.staffId, readFile, (bytes) => processUpload(bytes));
  await savePhoto(db, photoStorage, { profileId: rowId, limit: PHOTO_LIMIT_PREMIUM }, processed, now(), (tx, saved) =>
    audit(tx, by, {
      action: 'chat_pal.photo',
      targetType: 'chat_pal',
      targetId: chatPalId,
      after: { photo: saved.publicId, status: 'being_inspected' },
    }),
  );
  return chatPalDetail(db, rowId, now());
}
