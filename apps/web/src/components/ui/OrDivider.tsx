/** "or" between two ways to do one thing (a password or a passkey, a PIN or a passkey): a rule each side, not read out. */
export function OrDivider({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {label}
      <span className="h-px flex-1 bg-slate-200" />
    </p>
  );
}
