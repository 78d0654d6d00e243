/**
 * The interests section of 'My profile': checkable text chips (no icons: the emoji depended on
 * the system font, docs/profiles.md), names as the server localizes them, saved as a whole set.
 */
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { INTERESTS, type Interest } from '#src/lib/constants.ts';
import { $interests } from '#src/stores/site-data.ts';
import { SectionForm } from './fields.tsx';
import type { ProfileDraft, ProfileStore } from './profile-store.ts';

function isInterest(key: string): key is Interest {
  return (INTERESTS as readonly string[]).includes(key);
}

export default function InterestsPicker({ store, draft }: { store: ProfileStore; draft: ProfileDraft }) {
  const { t } = useTranslation();
  const state = useStore(store.$sections).interests;
  const loaded = useStore($interests);
  // Until the site's list arrives: the catalogue's names.
  const items = loaded
    ? loaded.flatMap((item) => (isInterest(item.key) ? [{ key: item.key, name: item.name }] : []))
    : INTERESTS.map((key) => ({ key, name: t(`interests.${key}`) }));
  return (
    <SectionForm
      id="interests"
      title={t('profile.interests.title')}
      state={state}
      onSave={() => void store.save('interests')}
    >
      <fieldset>
        <legend className="mb-3 text-ink-muted">{t('profile.interests.hint')}</legend>
        <div className="flex flex-wrap gap-2">
          {items.map(({ key, name }) => (
            <label
              key={key}
              className="flex min-h-10 cursor-pointer items-center rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink-muted has-checked:border-primary-ink has-checked:bg-primary-soft has-checked:text-ink has-focus-visible:outline-2 has-focus-visible:outline-primary-ink"
            >
              <input
                type="checkbox"
                name="interests"
                value={key}
                className="sr-only"
                checked={draft.interests.includes(key)}
                onChange={() => store.toggleInterest(key)}
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
    </SectionForm>
  );
}
