/**
 * The back office's "Reports and moderation" section (docs/staff.md): three queues behind
 * one heading — the photo queue (shortcuts, bulk decisions), the reports queue with its
 * decisions and statements of reasons, and the repeat offenders. Roles moderator and admin;
 * the server checks them again on every call.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { Heading, Tabs } from '../console-ui.tsx';
import { PhotoQueue } from './PhotoQueue.tsx';
import { RepeatOffenders, ReportsQueue } from './ReportsQueue.tsx';
import { MODERATION_TEXT as T } from './texts.ts';

const TABS = [
  { id: 'photos', label: T.tab_photos, Screen: PhotoQueue },
  { id: 'reports', label: T.tab_reports, Screen: ReportsQueue },
  { id: 'offenders', label: T.tab_offenders, Screen: RepeatOffenders },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** The queue shown (kept while the section is left and opened again). */
export const $tab = atom<Tab>('photos');

export default function ModerationSection() {
  const tab = useStore($tab);
  const shown = TABS.find((candidate) => candidate.id === tab) ?? TABS[0];
  return (
    <div className="flex flex-col gap-4">
      <Heading>{T.title}</Heading>
      <Tabs label={T.tabs} tabs={TABS} current={shown.id} onChoose={(id) => $tab.set(id)} />
      <shown.Screen />
    </div>
  );
}
