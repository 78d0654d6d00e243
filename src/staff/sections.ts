/**
 * The back office's sections (docs/staff.md "Sections"), one entry each: its path on the
 * staff origin, its name in the navigation, the roles that see it (the same roles its
 * endpoints declare in the contract; the server checks them again on every call), and its
 * screen, loaded when first opened. A new section adds one entry here and a folder of its own
 * under src/staff/.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffRole } from '#src/contract/define.ts';
import { MEMBER_READERS, getStaffAudit, getStaffPasskeys } from '#src/contract/staff.ts';
import { SITE_ADMINS } from '#src/contract/staff-sites.ts';
import { STAFF_ADMINS } from '#src/contract/staff-accounts.ts';
import { DASHBOARD_READERS } from '#src/contract/staff-dashboards.ts';
import { FUNNEL_READERS } from '#src/contract/staff-funnel.ts';
import { MONEY_READERS } from '#src/contract/staff-money.ts';
import { MODERATION_ROLES } from '#src/contract/staff-moderation.ts';
import { CHAT_PAL_OPERATORS } from '#src/contract/staff-chat-pals.ts';
import { TEXT } from './texts.ts';

/** What every section's screen receives from the console. */
export interface SectionProps {
  sites: readonly { id: string; brand: string }[];
}

export interface StaffSection {
  /** The first path segment: `/members`, `/members/…`. */
  path: string;
  label: string;
  roles: readonly StaffRole[];
  /** The screen, loaded when the section is first opened. */
  Screen: LazyExoticComponent<ComponentType<SectionProps>>;
}

export const SECTIONS: readonly StaffSection[] = [
  {
    path: '/members',
    label: TEXT.members_title,
    roles: MEMBER_READERS,
    Screen: lazy(() => import('./members/MembersSection.tsx')),
  },
  {
    path: '/moderation',
    label: 'Reports and moderation',
    roles: MODERATION_ROLES,
    Screen: lazy(() => import('./moderation/ModerationSection.tsx')),
  },
  {
    path: '/chat-pals',
    label: 'Chat pals',
    roles: CHAT_PAL_OPERATORS,
    Screen: lazy(() => import('./chat-pals/ChatPalsSection.tsx')),
  },
  {
    path: '/money',
    label: 'Money',
    roles: MONEY_READERS,
    Screen: lazy(() => import('./money/MoneySection.tsx')),
  },
  {
    path: '/sites',
    label: 'Sites',
    roles: SITE_ADMINS,
    Screen: lazy(() => import('./sites/SitesSection.tsx')),
  },
  {
    path: '/staff',
    label: 'Staff accounts',
    roles: STAFF_ADMINS,
    Screen: lazy(() => import('./team/TeamSection.tsx')),
  },
  {
    path: '/audit',
    label: 'Audit log',
    roles: getStaffAudit.roles,
    Screen: lazy(() => import('./audit/AuditSection.tsx')),
  },
  {
    path: '/dashboards',
    label: 'Dashboards',
    roles: DASHBOARD_READERS,
    Screen: lazy(() => import('./dashboards/DashboardsSection.tsx')),
  },
  {
    path: '/funnel',
    label: 'Marketing funnel',
    roles: FUNNEL_READERS,
    Screen: lazy(() => import('./funnel/FunnelSection.tsx')),
  },
  {
    path: '/account',
    label: 'Your account',
    roles: getStaffPasskeys.roles,
    Screen: lazy(() => import('./account/AccountSection.tsx')),
  },
];

/** The sections a staff member with these roles sees, in the navigation's order. */
export function sectionsFor(roles: readonly string[]): StaffSection[] {
  return SECTIONS.filter((section) => section.roles.some((role) => roles.includes(role)));
}

/** The section a path opens among those allowed, or the first allowed one. */
export function sectionAt(path: string, allowed: readonly StaffSection[]): StaffSection | undefined {
  const first = `/${path.split('/')[1] ?? ''}`;
  return allowed.find((section) => section.path === first) ?? allowed[0];
}
