/**
 * The sites section (docs/staff.md "Sites"; admins): a site's operational settings (SPEC §3)
 * and the company it shows, then the companies with their address variants and the minimum
 * message costs (./CompanyForms.tsx). Every save names a reason, is audited with before and
 * after, and shows on the live site within seconds. The server checks every value again.
 */
import { useStore } from '@nanostores/react';
import { useEffect, type SyntheticEvent } from 'react';
import type { EditableSiteSettings, StaffSite } from '#src/contract/staff-sites.ts';
import { Alert, FormMessage, SelectField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { Heading, field } from '../console-ui.tsx';
import { CompanyForms, MessageCosts } from './CompanyForms.tsx';
import { $overview, $siteId, chooseSite, listOf, loadForm, settingsForm, type SitesOverview } from './sites-store.ts';
import { SITES_TEXT as TEXT } from './texts.ts';

type Choice = readonly [value: string, label: string];

function Choices({ name, label, value, choices }: { name: string; label: string; value: string; choices: Choice[] }) {
  return (
    <SelectField label={label} name={name} defaultValue={value}>
      {choices.map(([choice, text]) => (
        <option key={choice} value={choice}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

function NumberField({ name, label, value, min = 0 }: { name: string; label: string; value: number; min?: number }) {
  return <TextField label={label} name={name} type="number" min={min} step={1} defaultValue={value} required />;
}

const ALLOWED: Choice[] = [
  ['all', TEXT.all],
  ['none', TEXT.none],
];

/** The edited settings as the form holds them. */
function editedSettings(event: SyntheticEvent<HTMLFormElement>): EditableSiteSettings {
  const data = new FormData(event.currentTarget);
  const number = (name: string) => Number(field(event, name));
  return {
    signups: field(event, 'signups') as EditableSiteSettings['signups'],
    logged_out_search: field(event, 'logged_out_search') as EditableSiteSettings['logged_out_search'],
    logged_out_search_trafficsource: field(
      event,
      'logged_out_search_trafficsource',
    ) as EditableSiteSettings['logged_out_search_trafficsource'],
    member_resell: data.getAll('member_resell').map(String) as EditableSiteSettings['member_resell'],
    enable_site_entry_popup: field(event, 'enable_site_entry_popup') as EditableSiteSettings['enable_site_entry_popup'],
    site_entry_countries: listOf(field(event, 'site_entry_countries'), true),
    fictional_icon: field(event, 'fictional_icon'),
    refund_days: number('refund_days'),
    message_credits: number('message_credits'),
    photo_credits: number('photo_credits'),
    gift_credits: number('gift_credits'),
    signup_credits: number('signup_credits'),
    support_email: field(event, 'support_email'),
    support_phone: field(event, 'support_phone'),
    premium_claim: data.get('premium_claim') === 'on',
  };
}

function SettingsForm({ site, overview }: { site: StaffSite; overview: SitesOverview }) {
  const { busy, error, done } = useForm(settingsForm);
  const s = site.settings;
  return (
    <form
      // A saved site comes back with a new updated_at: the form starts from the saved values.
      key={`${site.id}:${site.updated_at}`}
      className="card flex flex-col gap-4 p-4"
      aria-labelledby="site-settings-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void settingsForm.submit(
          site,
          editedSettings(event),
          Number(field(event, 'company_id')),
          field(event, 'reason'),
        );
      }}
    >
      <h2 id="site-settings-heading" className="text-lg font-bold">
        {TEXT.settings_title}: {site.brand}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Choices
          name="signups"
          label={TEXT.signups}
          value={s.signups}
          choices={[
            ['all', TEXT.signups_all],
            ['with_trafficsource', TEXT.signups_with_trafficsource],
            ['invite_only', TEXT.signups_invite_only],
          ]}
        />
        <Choices
          name="logged_out_search"
          label={TEXT.logged_out_search}
          value={s.logged_out_search}
          choices={ALLOWED}
        />
        <Choices
          name="logged_out_search_trafficsource"
          label={TEXT.logged_out_search_trafficsource}
          value={s.logged_out_search_trafficsource}
          choices={ALLOWED}
        />
        <Choices
          name="enable_site_entry_popup"
          label={TEXT.popup}
          value={s.enable_site_entry_popup}
          choices={[
            ['yes', TEXT.yes],
            ['no', TEXT.no],
          ]}
        />
        <TextField
          label={TEXT.popup_countries}
          name="site_entry_countries"
          defaultValue={s.site_entry_countries.join(', ')}
        />
        <TextField label={TEXT.fictional_icon} name="fictional_icon" defaultValue={s.fictional_icon} required />
        <NumberField name="refund_days" label={TEXT.refund_days} value={s.refund_days} />
        <NumberField name="message_credits" label={TEXT.message_credits} value={s.message_credits} min={1} />
        <NumberField name="photo_credits" label={TEXT.photo_credits} value={s.photo_credits} />
        <NumberField name="gift_credits" label={TEXT.gift_credits} value={s.gift_credits} />
        <NumberField name="signup_credits" label={TEXT.signup_credits} value={s.signup_credits} />
        <TextField label={TEXT.support_email} name="support_email" type="email" defaultValue={s.support_email} />
        <TextField label={TEXT.support_phone} name="support_phone" type="tel" defaultValue={s.support_phone} />
        <SelectField label={TEXT.company} name="company_id" defaultValue={String(site.company_id)}>
          {overview.companies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.variant} · {company.name} · {company.city}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1.5 font-semibold">{TEXT.member_resell}</legend>
        {(
          [
            ['cams', TEXT.resell_cams],
            ['camads', TEXT.resell_camads],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="member_resell"
              value={value}
              defaultChecked={s.member_resell.includes(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="premium_claim" defaultChecked={s.premium_claim} />
        {TEXT.premium_claim}
      </label>
      <TextField label={TEXT.reason} name="reason" required minLength={3} maxLength={500} />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      {done && !error && <FormMessage tone="success">{TEXT.saved}</FormMessage>}
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {TEXT.save}
      </button>
    </form>
  );
}

export default function SitesSection() {
  const overview = useStore($overview);
  const siteId = useStore($siteId);
  const load = useForm(loadForm);
  useEffect(() => {
    void loadForm.submit();
  }, []);
  const site = overview?.sites.find((candidate) => candidate.id === siteId);
  return (
    <section className="flex flex-col gap-5" aria-labelledby="sites-heading">
      <Heading>
        <span id="sites-heading">{TEXT.title}</span>
      </Heading>
      {load.error && <Alert tone="danger">{load.error}</Alert>}
      {overview && (
        <>
          <SelectField
            label={TEXT.site}
            name="site"
            className="max-w-sm"
            value={siteId ?? ''}
            onChange={(event) => chooseSite(event.currentTarget.value)}
          >
            {overview.sites.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.brand} ({candidate.id})
              </option>
            ))}
          </SelectField>
          {site && <SettingsForm site={site} overview={overview} />}
          <CompanyForms companies={overview.companies} />
          <MessageCosts costs={overview.message_costs} />
        </>
      )}
    </section>
  );
}
