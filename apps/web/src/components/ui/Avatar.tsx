import { initials } from '../../lib/format';

/** A person's photo, or their initials on a tinted circle when there is none. */
export function Avatar({ name, photoUrl, className = 'size-11' }: { name: string; photoUrl?: string | null; className?: string }) {
  if (photoUrl) return <img src={photoUrl} alt="" className={`${className} shrink-0 rounded-full object-cover`} />;
  return (
    <span aria-hidden="true" className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800`}>
      {initials(name)}
    </span>
  );
}
