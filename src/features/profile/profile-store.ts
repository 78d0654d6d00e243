/**
 * The 'My profile' editor (SPEC §2.7 "My profile", §3 attributes and interests, §4 photos,
 * §5 username and date of birth, §6 photo rights). No React: the API client comes from
 * `environment()`, the photo uploader and what happens after the name or the profile image
 * changed are injected, so tests run it without a browser.
 *
 * The profile loads once (`$profile`); what the member types lives in `$draft` until a
 * section is saved. Each section (basics, location, personal, interests) is saved on its own
 * with putProfileDetails through its own form (src/stores/form.ts): its fields are replaced by
 * the saved profile the server answers, the other sections' drafts stay as typed. A refused
 * save keeps every typed value and puts the error's text (errorText) next to its field
 * (errorField) or, without one, on the section.
 * A city is saved only as one of the suggested places (or unchanged); while a section has
 * unsaved edits, leaving the page or the screen asks first (`onBeforeUnload`, `mayLeave`).
 */
import { atom, computed, map, type ReadableAtom } from 'nanostores';
import type { PhotoUploader } from '#src/client/upload-photo.ts';
import { NAME_MIN } from '#src/contract/limits.ts';
import { deletePhoto, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, putPhoto, type OwnPhoto } from '#src/contract/photos.ts';
import {
  getCities,
  getOwnProfile,
  putProfileDetails,
  type OwnProfile,
  type ProfileDetails,
} from '#src/contract/profile.ts';
import { getUser } from '#src/contract/user.ts';
import { PHOTO_LIMIT_PREMIUM, PROFILE_ATTRIBUTES } from '#src/lib/constants.ts';
import { environment } from '#src/stores/environment.ts';
import { CheckError, errorField, errorText } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';
import { $session } from '#src/stores/session.ts';

export type ProfileField = keyof Required<ProfileDetails>;
export type AttributeField = keyof typeof PROFILE_ATTRIBUTES;
export const ATTRIBUTE_FIELDS = Object.keys(PROFILE_ATTRIBUTES) as AttributeField[];

/** The fields each section saves. */
export const SECTION_FIELDS = {
  basics: ['name', 'gender', 'date_of_birth'],
  location: ['country', 'countryregion', 'city'],
  personal: [...ATTRIBUTE_FIELDS, 'signup_reason', 'about_me'],
  interests: ['interests'],
} as const satisfies Record<string, readonly ProfileField[]>;
export type SectionId = keyof typeof SECTION_FIELDS;
const SECTIONS = Object.keys(SECTION_FIELDS) as SectionId[];

/** What the member is editing: the saved profile's editable fields, attributes possibly unset. */
export type ProfileDraft = Pick<OwnProfile, ProfileField>;

/**
 * A section's save as one state, from its form and the field errors of its last failure.
 * Error texts (errorText) are in the member's language, ready to show.
 */
export type SectionState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved' }
  | { status: 'error'; fields: Partial<Record<ProfileField, string>>; section?: string };

export type ProfileLoad =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; profile: OwnProfile };

export type UploadState =
  { status: 'idle' } | { status: 'uploading'; progress: number } | { status: 'failed'; error: string };

/** A photo change (set as profile image, premium-only, delete) in flight or refused. */
export type PhotoActionState =
  | { status: 'idle' }
  | { status: 'confirm_delete'; photo: string }
  | { status: 'busy'; photo: string }
  | { status: 'error'; photo: string; error: string };

export interface ProfileEnv {
  upload: PhotoUploader;
  /** The account's e-mail address: the username may not be it (SPEC §5). */
  email: string;
  /** After the name or the profile image changed, so the nav shows them. */
  onUserChanged?: () => Promise<void> | void;
}

/** How long the city field waits after a keystroke before asking for suggestions. */
export const CITY_SUGGEST_DELAY_MS = 250;

/** Photos that count towards the limit: rejected ones do not (contract photos.ts). */
export function countedPhotos(photos: readonly OwnPhoto[]): number {
  return photos.filter((photo) => photo.status !== 'rejected').length;
}

/**
 * The photo-limit rule (SPEC §2.7, §6): at the limit no photo can be added; free members
 * then get the photo-limit alert that premium members may hold 25.
 */
export function photoLimitState(photos: readonly OwnPhoto[], limit: number) {
  const count = countedPhotos(photos);
  const reached = count >= limit;
  return { count, limit, reached, offerPremium: reached && limit < PHOTO_LIMIT_PREMIUM };
}

/** The client-side username checks of SPEC §5, with the server's texts. */
export function checkName(name: string, email: string): CheckError | null {
  const trimmed = name.trim();
  if (trimmed.startsWith('@')) return new CheckError('profile.errors.name_starts_with_at', 'name');
  if (trimmed.toLowerCase() === email.trim().toLowerCase())
    return new CheckError('profile.errors.name_is_email', 'name');
  if (trimmed.length < NAME_MIN) return new CheckError('profile.errors.name_too_short', 'name', { min: NAME_MIN });
  return null;
}

function draftOf(profile: OwnProfile): ProfileDraft {
  const draft = {} as Record<ProfileField, unknown>;
  for (const section of SECTIONS) for (const field of SECTION_FIELDS[section]) draft[field] = profile[field];
  return draft as ProfileDraft;
}

/** The sections whose typed values differ from the saved profile. */
export function unsavedSections(profile: OwnProfile, draft: ProfileDraft): SectionId[] {
  const saved = draftOf(profile);
  return SECTIONS.filter((section) =>
    SECTION_FIELDS[section].some((field) => JSON.stringify(draft[field]) !== JSON.stringify(saved[field])),
  );
}

/** The suggested place a typed city names (case-insensitive, spaces around ignored), if any. */
export function suggestedCity(typed: string, suggestions: readonly string[]): string | undefined {
  const wanted = typed.trim().toLocaleLowerCase();
  return suggestions.find((city) => city.trim().toLocaleLowerCase() === wanted);
}

function sectionOf(field: ProfileField): SectionId {
  return SECTIONS.find((section) => (SECTION_FIELDS[section] as readonly string[]).includes(field)) ?? 'basics';
}

/** The body a section sends: its fields, unset attributes left out (the contract has no null). */
function bodyOf(section: SectionId, draft: ProfileDraft): ProfileDetails {
  const body: Record<string, unknown> = {};
  for (const field of SECTION_FIELDS[section]) {
    const value = draft[field];
    if (value === null) continue;
    body[field] = field === 'name' || field === 'city' ? String(value).trim() : value;
  }
  return body;
}

/** Client checks before anything is sent; the server checks the same again. */
function clientChecks(section: SectionId, draft: ProfileDraft, email: string): CheckError[] {
  if (section !== 'basics') return [];
  const checks = [checkName(draft.name, email)];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date_of_birth))
    checks.push(new CheckError('profile.errors.date_of_birth_invalid', 'date_of_birth'));
  return checks.filter((check) => check !== null);
}

/** The field errors of a section: null when its last save did not fail at a field. */
type FieldErrors = Partial<Record<ProfileField, string>> | null;

function sectionState(form: Form<[], void>, fields: FieldErrors): SectionState {
  const error = form.$error.get();
  if (form.$busy.get()) return { status: 'saving' };
  if (fields !== null || error !== null)
    return { status: 'error', fields: fields ?? {}, ...(error !== null ? { section: error } : {}) };
  return form.$done.get() ? { status: 'saved' } : { status: 'idle' };
}

/** Sets the session's user anew (name, profile image in the nav); a failure changes nothing. */
export async function refreshSessionUser(): Promise<void> {
  try {
    const { user } = await environment().api.call(getUser);
    $session.set({ status: 'member', user });
  } catch {
    // The nav keeps the old name or image until the next page load.
  }
}

export function createProfileStore(env: ProfileEnv) {
  const $profile = atom<ProfileLoad>({ status: 'loading' });
  const $draft = atom<ProfileDraft | null>(null);
  const $fieldErrors = map<Record<SectionId, FieldErrors>>(
    Object.fromEntries(SECTIONS.map((s) => [s, null])) as Record<SectionId, FieldErrors>,
  );
  const forms = Object.fromEntries(
    SECTIONS.map((section) => [
      section,
      createForm(() => saveSection(section), {
        repeatable: true,
        handle: (error) => showAtFields(section, error),
      }),
    ]),
  ) as Record<SectionId, Form<[], void>>;
  const $sections = computed(
    [$fieldErrors, ...SECTIONS.flatMap((s) => [forms[s].$busy, forms[s].$error, forms[s].$done])],
    (fieldErrors) =>
      Object.fromEntries(SECTIONS.map((s) => [s, sectionState(forms[s], fieldErrors[s])])) as Record<
        SectionId,
        SectionState
      >,
  );
  const $upload = atom<UploadState>({ status: 'idle' });
  const $photoAction = atom<PhotoActionState>({ status: 'idle' });
  const $citySuggestions = atom<string[]>([]);
  const $unsaved = computed([$profile, $draft], (state, draft) =>
    state.status === 'ready' && draft ? unsavedSections(state.profile, draft) : [],
  );
  let cityTimer: ReturnType<typeof setTimeout> | undefined;
  let cityRequest = 0;

  function ready(): OwnProfile | null {
    const state = $profile.get();
    return state.status === 'ready' ? state.profile : null;
  }

  function mainPhotoId(profile: OwnProfile | null): string | null {
    return profile?.photos.find((photo) => photo.is_main)?.id ?? null;
  }

  /** Replaces the photo list; tells the nav when the profile image changed. */
  function setPhotos(photos: OwnPhoto[], limit: number): void {
    const profile = ready();
    if (!profile) return;
    const before = mainPhotoId(profile);
    const next = { ...profile, photos, photo_limit: limit };
    $profile.set({ status: 'ready', profile: next });
    if (mainPhotoId(next) !== before) void env.onUserChanged?.();
  }

  async function load(): Promise<void> {
    $profile.set({ status: 'loading' });
    try {
      const { profile } = await environment().api.call(getOwnProfile);
      $profile.set({ status: 'ready', profile });
      $draft.set(draftOf(profile));
    } catch (error) {
      $profile.set({ status: 'error', error: errorText(error) });
    }
  }

  function fetchCities(draft: ProfileDraft): Promise<{ cities: string[] }> {
    const query = {
      country: draft.country,
      q: draft.city.trim(),
      ...(draft.countryregion ? { countryregion: draft.countryregion } : {}),
    };
    return environment().api.call(getCities, { query });
  }

  /**
   * The city to save: empty, the saved one, or the suggested place it names. The typed text
   * is looked up once more when the shown suggestions (asked for while typing) lack it.
   */
  async function checkedCity(draft: ProfileDraft): Promise<string> {
    const typed = draft.city.trim();
    const saved = ready()?.city ?? '';
    if (typed === '' || (typed === saved.trim() && draft.country === ready()?.country)) return typed;
    let city = suggestedCity(typed, $citySuggestions.get());
    if (city === undefined) {
      clearTimeout(cityTimer);
      const mine = ++cityRequest;
      const { cities } = await fetchCities(draft);
      if (mine === cityRequest) $citySuggestions.set(cities);
      city = suggestedCity(typed, cities);
    }
    if (city === undefined) throw new CheckError('profile.errors.city_not_suggested', 'city');
    return city;
  }

  function scheduleCitySuggestions(): void {
    clearTimeout(cityTimer);
    const draft = $draft.get();
    const q = draft?.city.trim() ?? '';
    if (!draft || q === '') {
      cityRequest += 1;
      $citySuggestions.set([]);
      return;
    }
    cityTimer = setTimeout(() => {
      const mine = ++cityRequest;
      fetchCities(draft).then(
        ({ cities }) => {
          if (mine === cityRequest) $citySuggestions.set(cities);
        },
        () => undefined,
      );
    }, CITY_SUGGEST_DELAY_MS);
  }

  /** A typed or chosen value; clears the section's 'Saved' and this field's error. */
  function setField<F extends ProfileField>(field: F, value: ProfileDraft[F]): void {
    const draft = $draft.get();
    if (!draft) return;
    // SPEC §2.7 location: another country has other regions.
    $draft.set({
      ...draft,
      [field]: value,
      ...(field === 'country' && value !== draft.country ? { countryregion: 0 } : {}),
    });
    const section = sectionOf(field);
    // 'Saved' goes away with the next edit; so does the error at the edited field.
    if (forms[section].$done.get()) forms[section].reset();
    const fields = $fieldErrors.get()[section];
    if (fields?.[field]) {
      $fieldErrors.setKey(section, Object.fromEntries(Object.entries(fields).filter(([key]) => key !== field)));
    }
    if (field === 'city') scheduleCitySuggestions();
  }

  function toggleInterest(interest: ProfileDraft['interests'][number]): void {
    const draft = $draft.get();
    if (!draft) return;
    const has = draft.interests.includes(interest);
    setField('interests', has ? draft.interests.filter((i) => i !== interest) : [...draft.interests, interest]);
  }

  /** A section's save: the client checks, then putProfileDetails; the saved answer replaces its fields. */
  async function saveSection(section: SectionId): Promise<void> {
    const draft = $draft.get();
    if (!draft) return;
    $fieldErrors.setKey(section, null);
    const checks = clientChecks(section, draft, env.email);
    if (checks.length > 0) throw new AggregateError(checks, 'profile checks failed');
    const nameBefore = ready()?.name;
    const body = bodyOf(section, draft);
    if (section === 'location') body.city = await checkedCity(draft);
    const { profile } = await environment().api.call(putProfileDetails, { body });
    $profile.set({ status: 'ready', profile });
    const current = $draft.get() ?? draft;
    const saved = draftOf(profile);
    const replaced = { ...current } as Record<ProfileField, unknown>;
    for (const field of SECTION_FIELDS[section]) replaced[field] = saved[field];
    $draft.set(replaced as ProfileDraft);
    if (profile.name !== nameBefore) void env.onUserChanged?.();
  }

  /**
   * Puts a failed save's texts at their fields and answers true, or answers false when one
   * of them belongs to no field of the section (the form shows it on the section).
   */
  function showAtFields(section: SectionId, failure: unknown): boolean {
    const fields: Partial<Record<ProfileField, string>> = {};
    for (const error of failure instanceof AggregateError ? (failure.errors as unknown[]) : [failure]) {
      const field = errorField(error);
      if (field === undefined || !(SECTION_FIELDS[section] as readonly string[]).includes(field)) return false;
      fields[field as ProfileField] = errorText(error);
    }
    $fieldErrors.setKey(section, fields);
    return true;
  }

  /** A picked or photographed file: uploaded with progress, then shown as being inspected. */
  async function addPhoto(file: Blob): Promise<void> {
    const profile = ready();
    if (!profile || $upload.get().status === 'uploading') return;
    if (photoLimitState(profile.photos, profile.photo_limit).reached) return;
    if (file.size > PHOTO_MAX_BYTES) {
      const tooLarge = new CheckError('photos.errors.photo_too_large', 'photo', {
        max_mb: PHOTO_MAX_BYTES / 1024 / 1024,
        max_megapixels: PHOTO_MAX_PIXELS / 1_000_000,
      });
      $upload.set({ status: 'failed', error: errorText(tooLarge) });
      return;
    }
    $upload.set({ status: 'uploading', progress: 0 });
    try {
      const photo = await env.upload(file, (progress) => {
        if ($upload.get().status === 'uploading') $upload.set({ status: 'uploading', progress });
      });
      const current = ready() ?? profile;
      const others = photo.is_main ? current.photos.map((p) => ({ ...p, is_main: false })) : current.photos;
      setPhotos([...others, photo], current.photo_limit);
      $upload.set({ status: 'idle' });
    } catch (error) {
      $upload.set({ status: 'failed', error: errorText(error) });
    }
  }

  function dismissUploadError(): void {
    if ($upload.get().status === 'failed') $upload.set({ status: 'idle' });
  }

  async function changePhoto(photo: string, call: () => Promise<{ photos: OwnPhoto[]; limit: number }>) {
    if ($photoAction.get().status === 'busy') return;
    $photoAction.set({ status: 'busy', photo });
    try {
      const { photos, limit } = await call();
      setPhotos(photos, limit);
      $photoAction.set({ status: 'idle' });
    } catch (error) {
      $photoAction.set({ status: 'error', photo, error: errorText(error) });
    }
  }

  return {
    $profile: $profile as ReadableAtom<ProfileLoad>,
    $draft: $draft as ReadableAtom<ProfileDraft | null>,
    /** Each section's save as one state (its form and the field errors of its last failure). */
    $sections,
    /** Each section's form: `submit` saves it. */
    forms,
    $upload: $upload as ReadableAtom<UploadState>,
    $photoAction: $photoAction as ReadableAtom<PhotoActionState>,
    $citySuggestions: $citySuggestions as ReadableAtom<string[]>,
    /** The sections with edits not saved yet. */
    $unsaved,
    /** In-app navigation away (router's leave guard): asks first while edits are unsaved. */
    mayLeave: (): boolean =>
      $unsaved.get().length === 0 || environment().confirm(environment().t('profile.unsaved_leave')),
    /** The page's `beforeunload`: the browser asks first while edits are unsaved. */
    onBeforeUnload: (event: Pick<Event, 'preventDefault'>): void => {
      if ($unsaved.get().length > 0) event.preventDefault();
    },
    load,
    setField,
    toggleInterest,
    /** Saves a section through its form (a second press while it saves is ignored). */
    save: (section: SectionId) => forms[section].submit(),
    addPhoto,
    dismissUploadError,
    /** 'Set as profile image' (not for a rejected photo). */
    setMainPhoto: (photo: string) => {
      const target = ready()?.photos.find((p) => p.id === photo);
      if (!target || target.status === 'rejected' || target.is_main) return Promise.resolve();
      return changePhoto(photo, () => environment().api.call(putPhoto, { body: { photo, main: true } }));
    },
    /** 'Premium members only' on or off. */
    setPhotoPremium: (photo: string, premium: boolean) => {
      return changePhoto(photo, () => environment().api.call(putPhoto, { body: { photo, premium } }));
    },
    /** 'Delete' asks first. */
    askDeletePhoto: (photo: string) => {
      if ($photoAction.get().status !== 'busy') $photoAction.set({ status: 'confirm_delete', photo });
    },
    cancelPhotoAction: () => {
      if ($photoAction.get().status !== 'busy') $photoAction.set({ status: 'idle' });
    },
    confirmDeletePhoto: () => {
      const state = $photoAction.get();
      if (state.status !== 'confirm_delete') return Promise.resolve();
      $photoAction.set({ status: 'idle' });
      return changePhoto(state.photo, () => environment().api.call(deletePhoto, { body: { photo: state.photo } }));
    },
    /** Stops a pending city lookup (the screen is left). */
    dispose: () => {
      clearTimeout(cityTimer);
      cityRequest += 1;
    },
  };
}

export type ProfileStore = ReturnType<typeof createProfileStore>;
