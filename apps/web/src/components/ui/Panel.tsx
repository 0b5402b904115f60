import { useId, type ReactNode } from 'react';

/** A white card for one part of a screen, named by its heading (a region screen readers can jump to). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A panel's heading with the line under it that says what the panel holds; `id` names the panel
 * (its section's aria-labelledby). For panels that lay out their own card, unlike Panel.
 */
export function PanelHeading({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-600">{subtitle}</p>
    </div>
  );
}
