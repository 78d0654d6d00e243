/** One titled card of the settings screen; its id is the anchor other screens link to. */
import type { ReactNode } from 'react';

export default function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card scroll-mt-32 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
