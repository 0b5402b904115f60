import type { User } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { countryName, initials } from '../../lib/format';

/** The signed-in user's own photo (or initials), name and country, for the navigation footer. */
export function UserBadge({ user }: { user: Pick<User, 'name' | 'photoUrl' | 'country'> }) {
  const { i18n } = useTranslation();
  const country = countryName(user.country, i18n.language);
  return (
    <div className="flex min-w-0 items-center gap-3">
      {user.photoUrl ? (
        // Decorative: the name is written beside it. Its size is known up front, so nothing shifts as it loads.
        <img src={user.photoUrl} alt="" width={40} height={40} decoding="async" className="size-10 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
          {initials(user.name)}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900" title={user.name}>
          {user.name}
        </p>
        {country && <p className="truncate text-xs text-slate-600">{country}</p>}
      </div>
    </div>
  );
}
