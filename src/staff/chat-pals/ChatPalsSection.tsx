/**
 * The back office's "Chat pals" section (docs/staff.md "Chat pals"): the operator inbox, moved
 * here from the member sites (src/features/operator/: operators answer as the chat pals
 * assigned to them, admins as all); for admins also the chat pals' profiles with their
 * operators (./ProfilesPanel.tsx) and each operator's workload and answer times
 * (./WorkloadPanel.tsx). The server checks the roles again on every call.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { CHAT_PAL_ADMINS } from '#src/contract/staff-chat-pals.ts';
import OperatorScreen from '#src/features/operator/OperatorScreen.tsx';
import { Heading, Tabs } from '../console-ui.tsx';
import type { SectionProps } from '../sections.ts';
import { $me } from '../session-store.ts';
import { ProfilesPanel } from './ProfilesPanel.tsx';
import { CHAT_PALS_TEXT as T } from './texts.ts';
import { WorkloadPanel } from './WorkloadPanel.tsx';

type Tab = 'inbox' | 'profiles' | 'workload';

/** The view shown (kept while the section is left and opened again). */
export const $tab = atom<Tab>('inbox');

export default function ChatPalsSection({ sites }: SectionProps) {
  const me = useStore($me);
  const chosen = useStore($tab);
  const admin = (me?.roles ?? []).some((role) => (CHAT_PAL_ADMINS as readonly string[]).includes(role));
  const tabs: { id: Tab; label: string }[] = [
    { id: 'inbox', label: T.tab_inbox },
    ...(admin
      ? [
          { id: 'profiles' as const, label: T.tab_profiles },
          { id: 'workload' as const, label: T.tab_workload },
        ]
      : []),
  ];
  const tab = tabs.some((candidate) => candidate.id === chosen) ? chosen : 'inbox';
  return (
    <div className="flex flex-col gap-4">
      <Heading>{T.title}</Heading>
      {tabs.length > 1 && <Tabs label={T.tabs} tabs={tabs} current={tab} onChoose={(id) => $tab.set(id)} />}
      {tab === 'inbox' && <OperatorScreen locale="en" sites={sites} />}
      {tab === 'profiles' && <ProfilesPanel sites={sites} />}
      {tab === 'workload' && <WorkloadPanel />}
    </div>
  );
}
