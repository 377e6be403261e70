import type { ReactNode } from 'react';
import layout from './Layout.module.css';

/** A page's section under its own heading, named by it (`id` is the heading's). */
export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={layout.section} aria-labelledby={id}>
      <h2 id={id} className={layout.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
