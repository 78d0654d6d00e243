/**
 * What members sent, as the operator answering sees it (docs/operator.md): a pickup line's
 * own text in the member's language, the GIF the member saw (same asset URL), and a photo
 * message served only to the operator who holds the conversation, each view logged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getChatMessages, getChatStart, postChatMessage } from '#src/contract/chat.ts';
import { getChatPalConversation, postChatPalClaim } from '#src/contract/staff-chat-pals.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { chatPalOperators, conversations, messages, profiles } from '#src/server/db/schema.ts';
import { icebreakerText } from '#src/server/features/chat-catalogue/index.ts';
import { BUNDLED_GIF_IDS } from '#src/server/providers/gifs/bundled.ts';
import {
  call,
  createTestApp,
  createTestMember,
  seedSiteData,
  send,
  writeTestPhotoFiles,
  type TestApp,
} from './harness.ts';
import { createTestStaff, STAFF_COOKIE, STAFF_HOST, staffLogin } from './staff-helpers.ts';

let t: TestApp;
/** Staff operators' calls: the staff origin and their staff session. */
let holder: { host: string; cookies: Record<string, string> };
let otherOperator: { host: string; cookies: Record<string, string> };
const operatorIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  const staff = async () => {
    const created = await createTestStaff(t, ['operator']);
    operatorIds.push(created.id);
    return { host: STAFF_HOST, cookies: { [STAFF_COOKIE]: await staffLogin(t, created) } };
  };
  holder = await staff();
  otherOperator = await staff();
});
afterAll(() => t.close());

/** A German member wrote a line, a pickup line, a GIF and a photo to a chat pal. */
async function conversationWithEverything() {
  const [pal] = await t.db
    .insert(profiles)
    .values({
      publicId: randomPublicId(),
      siteId: 'default',
      type: 'fictional',
      status: 'active',
      name: 'Pal Pia',
      gender: 'female',
      seeking: 'male',
      birthdate: '1990-03-04',
      country: 'NL',
      city: 'Utrecht',
    })
    .returning({ id: profiles.id, publicId: profiles.publicId });
  if (!pal) throw new Error('no chat pal');
  await t.db.insert(chatPalOperators).values(operatorIds.map((staffId) => ({ chatPalId: pal.id, staffId })));
  const created = await createTestMember(t, { name: 'Member Max', gender: 'male', seeking: 'female' });
  await t.db.update(profiles).set({ language: 'de' }).where(eq(profiles.id, created.profileId));
  const session = await t.login(created.accountId);
  const host = 'default.localhost';
  const { id } = await call(t, getChatStart, { session, host, query: { profile: pal.publicId } });
  await call(t, postChatMessage, {
    session,
    host,
    body: { conversation: id, client_id: randomPublicId(16), text: 'Hallo!' },
  });
  const [conversation] = await t.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.publicId, id));
  const gifId = BUNDLED_GIF_IDS[0] as string;
  const photoKey = await writeTestPhotoFiles(t);
  const row = (kind: 'icebreaker' | 'gif' | 'photo', extra: Partial<typeof messages.$inferInsert>) => ({
    publicId: randomPublicId(),
    conversationId: conversation?.id ?? 0,
    senderId: created.profileId,
    kind,
    ...extra,
  });
  const [line, gif, photo] = await t.db
    .insert(messages)
    .values([
      row('icebreaker', { body: 'wifi' }),
      row('gif', { item: gifId }),
      row('photo', { photoKey, photoWidth: 640, photoHeight: 480 }),
    ])
    .returning({ publicId: messages.publicId });
  return { id, session, host, line: line?.publicId, gif: gif?.publicId, photo: photo?.publicId, photoKey };
}

describe('what members sent, in the operator conversation view', () => {
  it('shows the pickup line as the member saw it, the GIF members get, and the photo to the claim holder only, logged', async () => {
    const sent = await conversationWithEverything();
    await send(t, postChatPalClaim, { ...holder, body: { conversation: sent.id } });

    const view = await call(t, getChatPalConversation, { ...holder, query: { id: sent.id } });
    const byId = new Map(view.messages.map((m) => [m.id, m]));
    expect(byId.get(sent.line ?? '')).toMatchObject({ kind: 'icebreaker', text: icebreakerText('wifi', 'de') });
    expect(icebreakerText('wifi', 'de')).not.toBe('');

    const memberView = await call(t, getChatMessages, {
      session: sent.session,
      host: sent.host,
      query: { id: sent.id },
    });
    const memberGif = memberView.messages.find((m) => m.id === sent.gif)?.gif;
    expect(memberGif?.url).toBeTruthy();
    expect(byId.get(sent.gif ?? '')?.gif?.url).toBe(memberGif?.url);

    const photo = byId.get(sent.photo ?? '')?.photo;
    expect(photo).toMatchObject({ width: 640, height: 480 });
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const file = await t.request(photo?.url ?? '', holder);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect(await file.text()).toBe(`${sent.photoKey}:full`);
      const lines = log.mock.calls.map((args) => args.join(' ')).filter((l) => l.includes('chat photo viewed'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(sent.photo);
      expect(lines[0]).toContain(sent.id);

      // The other operator (no claim), the member who sent it, a visitor: no photo, nothing logged.
      expect((await t.request(photo?.url ?? '', otherOperator)).status).toBe(404);
      for (const host of [STAFF_HOST, sent.host]) {
        expect((await t.request(photo?.url ?? '', { session: sent.session, host })).status).toBe(403);
        expect((await t.request(photo?.url ?? '', { host })).status).toBe(403);
      }
      expect(log.mock.calls.filter((args) => args.join(' ').includes('chat photo viewed'))).toHaveLength(1);
    } finally {
      log.mockRestore();
    }
  });
});
