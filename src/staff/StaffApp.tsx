/**
 * The back office's island (docs/staff.md), on the staff origin only: the login stages, then
 * the console: a header with the signed-in staff member, the navigation of the sections their
 * roles allow (src/staff/sections.ts), and the open section, loaded when first opened. The
 * server checks the session and the roles on every call regardless.
 */
import '#src/styles/islands.css';
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useMemo, type MouseEvent } from 'react';
import type { Catalogue } from '#src/i18n/index.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { $consolePath, openPath, startConsoleRouter } from './console-router.ts';
import { EnrolScreen, LoginScreen, RecoveryCodesScreen, SecondFactorScreen } from './LoginScreens.tsx';
import { sectionAt, sectionsFor, type SectionProps } from './sections.ts';
import { $me, $stage, logout, startStaff } from './session-store.ts';
import { TEXT } from './texts.ts';

/**
 * The catalogue namespaces the shared fields and error texts use, and those of the chat-pal
 * inbox (src/features/operator/, in the "Chat pals" section).
 */
export const STAFF_NAMESPACES = [
  'common',
  'errors',
  'api',
  'operator',
  'fictional',
  'interests',
] as const satisfies readonly (keyof Catalogue)[];
export type StaffCatalogue = Pick<Catalogue, (typeof STAFF_NAMESPACES)[number]>;

interface Props extends SectionProps {
  catalogue: StaffCatalogue;
}

/** A same-tab click on a section link opens it in place; other clicks keep the browser's way. */
function follow(event: MouseEvent<HTMLAnchorElement>, path: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openPath(path);
}

function Console({ sites }: SectionProps) {
  const me = useStore($me);
  const path = useStore($consolePath);
  useEffect(() => startConsoleRouter(), []);
  const allowed = useMemo(() => sectionsFor(me?.roles ?? []), [me]);
  const open = sectionAt(path, allowed);
  if (!open) return <p>{TEXT.no_sections}</p>;
  const { Screen } = open;
  return (
    <div className="flex flex-col gap-5">
      <nav aria-label={TEXT.sections}>
        <ul className="flex flex-wrap gap-2">
          {allowed.map((section) => (
            <li key={section.path}>
              <a
                href={section.path}
                className={section === open ? 'btn btn-primary' : 'btn btn-outline'}
                aria-current={section === open ? 'page' : undefined}
                onClick={(event) => follow(event, section.path)}
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<p role="status">{TEXT.loading}</p>}>
        <Screen sites={sites} />
      </Suspense>
    </div>
  );
}

function Stages({ sites }: SectionProps) {
  const stage = useStore($stage);
  const me = useStore($me);
  useEffect(() => void startStaff(), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <p className="font-bold">{TEXT.title}</p>
          {me && stage.name === 'console' && (
            <div className="flex items-center gap-3 text-sm">
              <span>
                {TEXT.signed_in_as} {me.name} ({me.roles.join(', ')})
              </span>
              <button type="button" className="btn btn-outline" onClick={() => void logout()}>
                {TEXT.logout}
              </button>
            </div>
          )}
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6">
        {stage.name === 'loading' && <p role="status">{TEXT.loading}</p>}
        {stage.name === 'login' && <LoginScreen />}
        {stage.name === 'second_factor' && <SecondFactorScreen recovery={stage.recovery} passkey={stage.passkey} />}
        {stage.name === 'enrol' && <EnrolScreen secret={stage.secret} qrSvg={stage.qrSvg} />}
        {stage.name === 'recovery_codes' && <RecoveryCodesScreen codes={stage.codes} />}
        {stage.name === 'console' && <Console sites={sites} />}
      </main>
    </div>
  );
}

export default function StaffApp({ catalogue, sites }: Props) {
  return (
    <IslandI18n locale="en" catalogue={catalogue}>
      <Stages sites={sites} />
    </IslandI18n>
  );
}
