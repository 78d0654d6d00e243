/**
 * The back office's "Reports and moderation" section (docs/staff.md): four tabs behind one
 * heading — the photo queue (shortcuts, bulk decisions), the reports queue with its decisions
 * and statements of reasons, the repeat offenders, and the complaints sent with the member
 * sites' form. Roles moderator and admin;
 * the server checks them again on every call.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { ComponentType } from 'react';
import { Heading, Tabs } from '../console-ui.tsx';
import type { SectionProps } from '../sections.ts';
import { ComplaintsQueue } from './ComplaintsQueue.tsx';
import { PhotoQueue } from './PhotoQueue.tsx';
import { RepeatOffenders, ReportsQueue } from './ReportsQueue.tsx';
import { MODERATION_TEXT as T } from './texts.ts';

type Tab = 'photos' | 'reports' | 'offenders' | 'complaints';
const TABS: readonly { id: Tab; label: string; Screen: ComponentType<SectionProps> }[] = [
  { id: 'photos', label: T.tab_photos, Screen: PhotoQueue },
  { id: 'reports', label: T.tab_reports, Screen: ReportsQueue },
  { id: 'offenders', label: T.tab_offenders, Screen: RepeatOffenders },
  { id: 'complaints', label: T.tab_complaints, Screen: ComplaintsQueue },
];

/** The queue shown (kept while the section is left and opened again). */
export const $tab = atom<Tab>('photos');

export default function ModerationSection({ sites }: SectionProps) {
  const tab = useStore($tab);
  const shown = TABS.find((candidate) => candidate.id === tab) ?? TABS[0];
  if (!shown) return null;
  return (
    <div className="flex flex-col gap-4">
      <Heading>{T.title}</Heading>
      <Tabs label={T.tabs} tabs={TABS} current={shown.id} onChoose={(id) => $tab.set(id)} />
      <shown.Screen sites={sites} />
    </div>
  );
}
