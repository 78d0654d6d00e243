/**
 * The details of a member profile page: location and the personal fields the DTO carries
 * (the server limits them to visible_profile_fields), the reason for signing up, about me
 * and interests as text chips (no icons: the emoji depended on the system font,
 * docs/profiles.md).
 */
import { useTranslation } from 'react-i18next';
import { attributeValueKey } from '#src/i18n/attribute-keys.ts';
import type { MemberProfile } from '#src/contract/members.ts';
import type { Interest } from '#src/lib/constants.ts';
import { locationParts } from '../profile-card/profile-location.ts';
import { useRegions } from '../profile-card/use-regions.ts';

/** The personal fields shown as label and value, in the order of the profile editor. */
const ATTRIBUTE_FIELDS = [
  'gender',
  'sexuality',
  'relationship_status',
  'body_type',
  'hair_color',
  'eye_color',
  'tattoos',
] as const satisfies readonly (keyof MemberProfile)[];

export default function ProfileDetails({ profile, locale }: { profile: MemberProfile; locale: string }) {
  const { t } = useTranslation();
  const regions = useRegions(profile.countryregion !== undefined);
  const location = locationParts(profile, locale, regions).join(', ');
  const rows = ATTRIBUTE_FIELDS.flatMap((field) => {
    const value = profile[field];
    return value ? [{ field, label: t(`attributes.${field}.label`), value: t(attributeValueKey(field, value)) }] : [];
  });
  return (
    <div className="flex flex-col gap-5">
      {(location || rows.length > 0) && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {location && (
            <div className="contents">
              <dt className="font-semibold text-ink-muted">{t('member_profile.location')}</dt>
              <dd>{location}</dd>
            </div>
          )}
          {rows.map((row) => (
            <div key={row.field} className="contents">
              <dt className="font-semibold text-ink-muted">{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {profile.signup_reason && (
        <section>
          <h2 className="font-bold">{t('member_profile.signup_reason')}</h2>
          <p className="mt-1 whitespace-pre-line break-words">{profile.signup_reason}</p>
        </section>
      )}
      {profile.about_me && (
        <section>
          <h2 className="font-bold">{t('member_profile.about_me')}</h2>
          <p className="mt-1 whitespace-pre-line break-words">{profile.about_me}</p>
        </section>
      )}
      {profile.interests && profile.interests.length > 0 && <Interests keys={profile.interests} />}
    </div>
  );
}

function Interests({ keys }: { keys: readonly Interest[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="font-bold">{t('member_profile.interests')}</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {keys.map((key) => (
          <li key={key} className="rounded-full border border-line bg-surface px-3 py-1 text-sm">
            {t(`interests.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
