import type { ReactNode } from 'react';

/** A page section with its h2 title (labelling the section) and an optional link beside it. */
export function TitledSection({ id, title, aside, children }: { id: string; title: ReactNode; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section__head">
        <h2 className="section__title" id={id}>
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
