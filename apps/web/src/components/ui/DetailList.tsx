/** Terms and their values in a bordered box, as a confirm step shows them (to, phone, amount...). */
export function DetailList({ items }: { items: readonly (readonly [term: string, value: string])[] }) {
  return (
    <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
      {items.map(([term, value]) => (
        <div key={term} className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 px-4 py-3">
          <dt className="text-sm text-slate-600">{term}</dt>
          <dd className="min-w-0 text-right font-semibold break-words text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
