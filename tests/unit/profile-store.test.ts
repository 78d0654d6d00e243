/**
 * The 'My profile' editor without rendering (SPEC §2.7, §5, §6): loading, saving a section
 * (only its fields, the saved answer replacing them, other sections' typing kept), refused
 * saves keeping every typed value, the username checks, location rules, city suggestions
 * (a city only as a suggested place), the unsaved-changes warnings, the photo-limit rule and
 * the photo actions.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/client/api.ts';
import type { PhotoUploader } from '#src/client/upload-photo.ts';
import { PHOTO_MAX_BYTES, type OwnPhoto } from '#src/contract/photos.ts';
import type { OwnProfile } from '#src/contract/profile.ts';
import {
  CITY_SUGGEST_DELAY_MS,
  checkName,
  createProfileStore,
  photoLimitState,
  suggestedCity,
} from '#src/features/profile/profile-store.ts';
import { errorText } from '#src/stores/errors.ts';
import { $router, mayLeave, navigate, setLeaveGuard } from '#src/stores/router.ts';
import { scriptedApi, type Answer } from '../fixtures/members.ts';
import { ownPhoto, ownProfile, refused } from './profile-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

const EMAIL = 'birgit@example.com';

type Request = { method: string; path: string; body: unknown };
/** Answers some calls; the rest fall through to the profile or a 404. */
type Route = (request: Request) => Answer | undefined;

function setup(options: { profile?: OwnProfile; handler?: Route; upload?: PhotoUploader } = {}) {
  const profile = options.profile ?? ownProfile();
  const { api, requests } = scriptedApi((request) => {
    const answer = options.handler?.(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.path === '/api/profile.php') return { status: 200, body: { profile } };
    return refused(404, 'not_found', 'Not found');
  });
  const env = testEnvironment({ api });
  const onUserChanged = vi.fn();
  const upload = options.upload ?? vi.fn<PhotoUploader>(() => Promise.reject(new Error('unused')));
  const store = createProfileStore({ email: EMAIL, upload, onUserChanged });
  return { store, requests, onUserChanged, upload, env };
}

async function loaded(options: Parameters<typeof setup>[0] = {}) {
  const context = setup(options);
  await context.store.load();
  return context;
}

const writes = (requests: Request[]) => requests.filter((r) => r.method !== 'GET');

afterEach(() => {
  vi.useRealTimers();
});

describe('loading', () => {
  it('loads the own profile and starts the draft from it', async () => {
    const { store } = await loaded({ profile: ownProfile({ name: 'Birgit', city: 'Köln' }) });
    const state = store.$profile.get();
    expect(state.status).toBe('ready');
    expect(store.$draft.get()).toMatchObject({ name: 'Birgit', city: 'Köln', hair_color: 'red', sexuality: null });
  });

  it('reports a failed load and loads again on retry', async () => {
    let fail = true;
    const { store, env } = setup({
      handler: ({ path }) => (fail && path === '/api/profile.php' ? refused(500, 'internal', 'Oops') : undefined),
    });
    await store.load();
    expect(store.$profile.get()).toEqual({ status: 'error', error: 'An error occured, please try again later.' });
    expect(env.reported).toHaveLength(1);
    fail = false;
    await store.load();
    expect(store.$profile.get().status).toBe('ready');
  });
});

describe('saving a section', () => {
  it('sends only the section fields, leaving out unset attributes, and takes the saved answer', async () => {
    const { store, requests } = await loaded({
      handler: ({ method }) =>
        method === 'PUT'
          ? {
              status: 200,
              body: {
                ok: true,
                profile: ownProfile({ body_type: 'fat', about_me: 'Coffee first.', name: 'Birgit' }),
              },
            }
          : undefined,
    });
    store.setField('name', 'Birgit the Bold');
    store.setField('body_type', 'fat');
    store.setField('about_me', '  Coffee first.  ');
    await store.save('personal');

    expect(writes(requests)).toEqual([
      {
        method: 'PUT',
        path: '/api/profile.php',
        body: { hair_color: 'red', body_type: 'fat', signup_reason: '', about_me: '  Coffee first.  ' },
      },
    ]);
    expect(store.$sections.get().personal).toEqual({ status: 'saved' });
    // The saved answer replaces the section; the unsaved username stays as typed.
    expect(store.$draft.get()).toMatchObject({ about_me: 'Coffee first.', body_type: 'fat', name: 'Birgit the Bold' });
    store.setField('about_me', 'Tea, too.');
    expect(store.$sections.get().personal).toEqual({ status: 'idle' });
  });

  it('puts a refused field next to its field and keeps everything typed', async () => {
    const { store, onUserChanged } = await loaded({
      handler: ({ method }) =>
        method === 'PUT'
          ? refused(400, 'date_of_birth_too_young', 'Enter your date of birth (18+)', 'date_of_birth')
          : undefined,
    });
    store.setField('name', 'Bibi');
    store.setField('date_of_birth', '2015-01-01');
    await store.save('basics');

    expect(store.$sections.get().basics).toEqual({
      status: 'error',
      fields: { date_of_birth: 'Enter your date of birth (18+)' },
    });
    expect(store.$draft.get()).toMatchObject({ name: 'Bibi', date_of_birth: '2015-01-01' });
    expect(onUserChanged).not.toHaveBeenCalled();
    // Editing the field clears its error.
    store.setField('date_of_birth', '1990-01-01');
    expect(store.$sections.get().basics).toEqual({ status: 'error', fields: {} });
  });

  it('shows an error without a field of this section on the section', async () => {
    const { store } = await loaded({
      handler: ({ method }) => (method === 'PUT' ? refused(429, 'rate_limited', 'Slow down') : undefined),
    });
    store.toggleInterest('beach');
    await store.save('interests');
    expect(store.$sections.get().interests).toEqual({
      status: 'error',
      fields: {},
      section: 'Slow down',
    });
    expect(store.$draft.get()?.interests).toEqual(['hiking', 'beach']);
  });

  it('saves through the section form: a second press while saving is ignored, an unexpected failure reported', async () => {
    let fail = false;
    const { store, requests, env } = await loaded({
      handler: ({ method }) =>
        method === 'PUT'
          ? fail
            ? refused(500, 'internal', '')
            : { status: 200, body: { ok: true, profile: ownProfile() } }
          : undefined,
    });
    store.setField('about_me', 'Tea.');
    const first = store.save('personal');
    expect(store.$sections.get().personal).toEqual({ status: 'saving' });
    expect(store.forms.personal.$busy.get()).toBe(true);
    await store.save('personal');
    await first;
    expect(writes(requests)).toHaveLength(1);
    expect(store.$sections.get().personal).toEqual({ status: 'saved' });

    fail = true;
    store.setField('about_me', 'Coffee.');
    await store.save('personal');
    expect(store.$sections.get().personal).toEqual({
      status: 'error',
      fields: {},
      section: 'An error occured, please try again later.',
    });
    expect(env.reported).toHaveLength(1);
  });

  it('refreshes the session user after the username changed', async () => {
    const { store, onUserChanged, requests } = await loaded({
      handler: ({ method, body }) =>
        method === 'PUT'
          ? { status: 200, body: { ok: true, profile: ownProfile({ name: (body as { name: string }).name }) } }
          : undefined,
    });
    store.setField('name', '  Bibi ');
    await store.save('basics');
    expect(writes(requests)[0]?.body).toEqual({ name: 'Bibi', gender: 'female', date_of_birth: '1990-04-12' });
    expect(onUserChanged).toHaveBeenCalledTimes(1);
    expect(store.$draft.get()?.name).toBe('Bibi');
  });
});

describe('username checks (SPEC §5)', () => {
  it('refuses an @ at the start and the own e-mail address before asking the server', async () => {
    const { store, requests } = await loaded();
    store.setField('name', '@birgit');
    await store.save('basics');
    expect(store.$sections.get().basics).toEqual({
      status: 'error',
      fields: { name: 'Username may not start with @' },
    });
    store.setField('name', 'Birgit@Example.com');
    await store.save('basics');
    expect(store.$sections.get().basics).toEqual({
      status: 'error',
      fields: { name: 'Username may not be the same as your e-mail address' },
    });
    store.setField('name', 'B');
    store.setField('date_of_birth', '1990-04');
    await store.save('basics');
    expect(store.$sections.get().basics).toEqual({
      status: 'error',
      fields: { name: 'Your username needs at least 2 characters.', date_of_birth: 'Invalid date of birth.' },
    });
    expect(writes(requests)).toEqual([]);
  });

  it('names the rule each name breaks', () => {
    testEnvironment();
    expect(checkName('Birgit', EMAIL)).toBeNull();
    expect(errorText(checkName(' @x ', EMAIL))).toBe('Username may not start with @');
    expect(errorText(checkName(EMAIL.toUpperCase(), EMAIL))).toBe(
      'Username may not be the same as your e-mail address',
    );
    expect(errorText(checkName('B', EMAIL))).toBe('Your username needs at least 2 characters.');
    expect(checkName('B', EMAIL)?.field).toBe('name');
  });
});

describe('location', () => {
  it('resets the region when the country changes', async () => {
    const { store } = await loaded({ profile: ownProfile({ country: 'DE', countryregion: 7 }) });
    store.setField('country', 'DE');
    expect(store.$draft.get()?.countryregion).toBe(7);
    store.setField('country', 'AT');
    expect(store.$draft.get()).toMatchObject({ country: 'AT', countryregion: 0 });
  });

  it('asks for city suggestions once typing pauses, for the chosen country and region', async () => {
    vi.useFakeTimers();
    const { store, requests } = await loaded({
      profile: ownProfile({ country: 'DE', countryregion: 5, city: '' }),
      handler: ({ path }) =>
        path === '/api/cities.php' ? { status: 200, body: { cities: ['Köln', 'Königswinter'] } } : undefined,
    });
    store.setField('city', 'K');
    store.setField('city', 'Kö');
    await vi.advanceTimersByTimeAsync(CITY_SUGGEST_DELAY_MS - 10);
    store.setField('city', 'Kön');
    await vi.advanceTimersByTimeAsync(CITY_SUGGEST_DELAY_MS);
    const lookups = requests.filter((r) => r.path === '/api/cities.php');
    expect(lookups).toHaveLength(1);
    expect(store.$citySuggestions.get()).toEqual(['Köln', 'Königswinter']);
    store.setField('city', '');
    expect(store.$citySuggestions.get()).toEqual([]);
  });
});

describe('city only from the suggestions', () => {
  const cities: Route = ({ path, method }) =>
    path === '/api/cities.php'
      ? { status: 200, body: { cities: ['München', 'Münchberg'] } }
      : method === 'PUT'
        ? { status: 200, body: { ok: true, profile: ownProfile({ city: 'München' }) } }
        : undefined;

  it('matches a suggestion case-insensitively and only whole', () => {
    expect(suggestedCity(' münchen ', ['München', 'Münchberg'])).toBe('München');
    expect(suggestedCity('Münch', ['München', 'Münchberg'])).toBeUndefined();
  });

  it('refuses a half-typed city on the city field, in the member language, and sends nothing', async () => {
    vi.useFakeTimers();
    const { store, requests } = await loaded({ handler: cities });
    store.setField('city', 'Münch');
    await vi.advanceTimersByTimeAsync(CITY_SUGGEST_DELAY_MS);
    await store.save('location');
    expect(writes(requests)).toEqual([]);
    expect(store.$sections.get().location).toEqual({
      status: 'error',
      fields: { city: 'Choose your city from the suggestions.' },
    });
    expect(store.$draft.get()?.city).toBe('Münch');
  });

  it('saves a typed suggestion in its own spelling, looking it up when the list is not there yet', async () => {
    const { store, requests } = await loaded({ handler: cities });
    store.setField('city', 'münchen');
    await store.save('location');
    expect(requests.filter((r) => r.path === '/api/cities.php')).toHaveLength(1);
    expect(writes(requests)).toEqual([
      { method: 'PUT', path: '/api/profile.php', body: { country: 'DE', countryregion: 0, city: 'München' } },
    ]);
    expect(store.$sections.get().location).toEqual({ status: 'saved' });
  });

  it('lets an unchanged or empty city through without a look-up', async () => {
    const { store, requests } = await loaded({ handler: cities, profile: ownProfile({ city: 'Köln' }) });
    store.setField('countryregion', 3);
    await store.save('location');
    store.setField('city', '');
    await store.save('location');
    expect(requests.filter((r) => r.path === '/api/cities.php')).toEqual([]);
    expect(writes(requests).map((r) => (r.body as { city: string }).city)).toEqual(['Köln', '']);
  });
});

describe('unsaved changes', () => {
  it('names the sections with edits and asks the browser to hold the page only then', async () => {
    const { store } = await loaded();
    const event = { preventDefault: vi.fn() };
    store.onBeforeUnload(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    store.setField('about_me', 'Hello');
    expect(store.$unsaved.get()).toEqual(['personal']);
    store.onBeforeUnload(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    store.setField('about_me', ownProfile().about_me);
    expect(store.$unsaved.get()).toEqual([]);
  });

  it('asks before in-app navigation while edits are unsaved, and stays when the member says no', async () => {
    const { store, env } = await loaded();
    const open = vi.spyOn($router, 'open').mockImplementation(() => undefined);
    const removeGuard = setLeaveGuard(store.mayLeave);
    try {
      navigate('/chats');
      expect(env.confirms).toEqual([]);
      store.setField('city', 'Bonn');
      let answer = false;
      env.confirm = (text) => {
        env.confirms.push(text);
        return answer;
      };
      navigate('/likes');
      expect(env.confirms).toEqual(['You have unsaved changes. Leave anyway?']);
      expect(open.mock.calls).toEqual([['/chats']]);
      answer = true;
      navigate('/likes');
      expect(open.mock.calls).toEqual([['/chats'], ['/likes']]);
    } finally {
      removeGuard();
      open.mockRestore();
    }
    expect(mayLeave()).toBe(true);
  });
});

describe('photo limit (SPEC §2.7, §6)', () => {
  const three = [ownPhoto('a'), ownPhoto('b', { status: 'being_inspected' }), ownPhoto('c')];

  it('gives free members the photo-limit alert at 3 photos; rejected ones do not count', () => {
    expect(photoLimitState(three, 3)).toEqual({ count: 3, limit: 3, reached: true, offerPremium: true });
    const withRejected = [...three.slice(0, 2), ownPhoto('c', { status: 'rejected', reject_reason: 'no_face' })];
    expect(photoLimitState(withRejected, 3)).toMatchObject({ count: 2, reached: false, offerPremium: false });
  });

  it('lets premium members hold 25 and offers them nothing more', () => {
    expect(photoLimitState(three, 25)).toMatchObject({ reached: false, offerPremium: false });
    const full = Array.from({ length: 25 }, (_, i) => ownPhoto(`p${i}`));
    expect(photoLimitState(full, 25)).toMatchObject({ reached: true, offerPremium: false });
  });

  it('sends no upload at the limit', async () => {
    const { store, upload } = await loaded({ profile: ownProfile({ photos: three }) });
    await store.addPhoto(new Blob([new Uint8Array(10)]));
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('photos', () => {
  const photos = [ownPhoto('a', { is_main: true }), ownPhoto('b', { status: 'being_inspected' })];

  it('sets a profile image and takes the list the server answers', async () => {
    const answer = [ownPhoto('b', { status: 'being_inspected', is_main: true }), ownPhoto('a')];
    const { store, requests, onUserChanged } = await loaded({
      profile: ownProfile({ photos }),
      handler: ({ method, path }) =>
        method === 'PUT' && path === '/api/photos.php'
          ? { status: 200, body: { photos: answer, limit: 3 } }
          : undefined,
    });
    await store.setMainPhoto('b');
    expect(writes(requests)).toEqual([{ method: 'PUT', path: '/api/photos.php', body: { photo: 'b', main: true } }]);
    const state = store.$profile.get();
    expect(state.status === 'ready' && state.profile.photos).toEqual(answer);
    expect(onUserChanged).toHaveBeenCalledTimes(1);
  });

  it('never makes a rejected photo the profile image', async () => {
    const { store, requests } = await loaded({
      profile: ownProfile({ photos: [ownPhoto('r', { status: 'rejected', reject_reason: 'nudity' })] }),
    });
    await store.setMainPhoto('r');
    expect(writes(requests)).toEqual([]);
  });

  it('marks a photo premium-only', async () => {
    const { store, requests } = await loaded({
      profile: ownProfile({ photos }),
      handler: ({ method }) =>
        method === 'PUT'
          ? { status: 200, body: { photos: [photos[0], { ...photos[1], premium: true }], limit: 3 } }
          : undefined,
    });
    await store.setPhotoPremium('b', true);
    expect(writes(requests)[0]?.body).toEqual({ photo: 'b', premium: true });
    const state = store.$profile.get();
    expect(state.status === 'ready' && state.profile.photos[1]?.premium).toBe(true);
  });

  it('deletes only after the confirm, then shows the list the server answers', async () => {
    const { store, requests, onUserChanged } = await loaded({
      profile: ownProfile({ photos }),
      handler: ({ method }) =>
        method === 'DELETE'
          ? { status: 200, body: { photos: [ownPhoto('b', { status: 'being_inspected' })], limit: 3 } }
          : undefined,
    });
    store.askDeletePhoto('a');
    expect(store.$photoAction.get()).toEqual({ status: 'confirm_delete', photo: 'a' });
    store.cancelPhotoAction();
    expect(store.$photoAction.get()).toEqual({ status: 'idle' });
    expect(writes(requests)).toEqual([]);

    store.askDeletePhoto('a');
    await store.confirmDeletePhoto();
    expect(writes(requests)).toEqual([{ method: 'DELETE', path: '/api/photos.php', body: { photo: 'a' } }]);
    const state = store.$profile.get();
    expect(state.status === 'ready' && state.profile.photos.map((p) => p.id)).toEqual(['b']);
    // The profile image is gone: the nav's avatar must follow.
    expect(onUserChanged).toHaveBeenCalledTimes(1);
  });

  it('keeps the list and reports the server text when a change is refused', async () => {
    const { store } = await loaded({
      profile: ownProfile({ photos }),
      handler: ({ method }) => (method === 'PUT' ? refused(404, 'not_found', 'Photo not found') : undefined),
    });
    await store.setPhotoPremium('b', true);
    expect(store.$photoAction.get()).toEqual({
      status: 'error',
      photo: 'b',
      error: 'Photo not found',
    });
    const state = store.$profile.get();
    expect(state.status === 'ready' && state.profile.photos).toEqual(photos);
  });
});

describe('upload', () => {
  const added: OwnPhoto = ownPhoto('n', { status: 'being_inspected' });

  it('reports progress, then adds the photo as being inspected', async () => {
    let report: (fraction: number) => void = () => undefined;
    let finish: (photo: OwnPhoto) => void = () => undefined;
    const upload = vi.fn<PhotoUploader>((_file, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const { store } = await loaded({ profile: ownProfile({ photos: [ownPhoto('a', { is_main: true })] }), upload });
    const done = store.addPhoto(new Blob([new Uint8Array(10)]));
    expect(store.$upload.get()).toEqual({ status: 'uploading', progress: 0 });
    report(0.5);
    expect(store.$upload.get()).toEqual({ status: 'uploading', progress: 0.5 });
    finish(added);
    await done;
    expect(store.$upload.get()).toEqual({ status: 'idle' });
    const state = store.$profile.get();
    expect(state.status === 'ready' && state.profile.photos.map((p) => [p.id, p.status])).toEqual([
      ['a', 'active'],
      ['n', 'being_inspected'],
    ]);
  });

  it('shows the server text of a refused upload and refuses a too large file before sending', async () => {
    const upload = vi.fn<PhotoUploader>(() =>
      Promise.reject(new ApiError(400, 'photo_type', 'Please choose a JPEG, PNG, WebP or HEIC photo.', 'photo')),
    );
    const { store } = await loaded({ upload });
    await store.addPhoto(new Blob([new Uint8Array(10)]));
    expect(store.$upload.get()).toEqual({
      status: 'failed',
      error: 'Please choose a JPEG, PNG, WebP or HEIC photo.',
    });
    upload.mockClear();
    await store.addPhoto(new Blob([new Uint8Array(PHOTO_MAX_BYTES + 1)]));
    expect(upload).not.toHaveBeenCalled();
    expect(store.$upload.get()).toEqual({
      status: 'failed',
      error: 'This photo is too large. Please choose a photo of at most 15 MB and 40 megapixels.',
    });
  });
});
