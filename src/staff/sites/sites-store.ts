/**
 * The sites section's state (docs/staff.md "Sites"): every site's settings, the companies and
 * the minimum message costs as the server answers them, the site being edited, and the three
 * changes (a site's settings, a company's details, a country's message cost), each reloading
 * the overview when saved. Screens render these stores and call the forms.
 */
import { atom } from 'nanostores';
import {
  getStaffSites,
  postStaffCompany,
  postStaffMessageCost,
  postStaffSiteSettings,
  type EditableSiteSettings,
  type StaffCompany,
  type StaffMessageCost,
  type StaffSite,
} from '#src/contract/staff-sites.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { onSessionEnd } from '../session-store.ts';

export interface SitesOverview {
  sites: StaffSite[];
  companies: StaffCompany[];
  message_costs: StaffMessageCost[];
}

export const $overview = atom<SitesOverview | null>(null);
/** The id of the site whose settings are shown. */
export const $siteId = atom<string | null>(null);

onSessionEnd(() => {
  $overview.set(null);
  $siteId.set(null);
});

async function reload(): Promise<void> {
  const overview = await environment().api.call(getStaffSites, {});
  $overview.set(overview);
  const chosen = $siteId.get();
  if (!chosen || !overview.sites.some((site) => site.id === chosen)) $siteId.set(overview.sites[0]?.id ?? null);
}

export const loadForm = createForm(reload, { repeatable: true });

export function chooseSite(id: string): void {
  $siteId.set(id);
  settingsForm.reset();
}

/** A comma- or space-separated list ("de, AT nl") as trimmed items; upper-cased when asked. */
export function listOf(text: string, upper = false): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => (upper ? item.trim().toUpperCase() : item.trim()))
    .filter(Boolean);
}

/** Only the settings that differ from the site's current ones are sent (and audited). */
export function changedSettings(
  current: EditableSiteSettings,
  edited: EditableSiteSettings,
): Partial<EditableSiteSettings> {
  const changes: Partial<EditableSiteSettings> = {};
  for (const key of Object.keys(edited) as (keyof EditableSiteSettings)[]) {
    if (JSON.stringify(current[key]) !== JSON.stringify(edited[key])) Object.assign(changes, { [key]: edited[key] });
  }
  return changes;
}

export const settingsForm = createForm(
  async (site: StaffSite, edited: EditableSiteSettings, companyId: number, reason: string) => {
    await environment().api.call(postStaffSiteSettings, {
      body: {
        site: site.id,
        settings: changedSettings(site.settings, edited),
        ...(companyId !== site.company_id ? { company_id: companyId } : {}),
        reason,
      },
    });
    await reload();
  },
  { repeatable: true },
);

export const companyForm = createForm(
  async (company: Omit<StaffCompany, 'variant'>, reason: string) => {
    await environment().api.call(postStaffCompany, { body: { ...company, reason } });
    await reload();
  },
  { repeatable: true },
);

export const costForm = createForm(
  async (country: string, costMinor: number, reason: string) => {
    await environment().api.call(postStaffMessageCost, { body: { country, cost_minor: costMinor, reason } });
    await reload();
  },
  { repeatable: true },
);
