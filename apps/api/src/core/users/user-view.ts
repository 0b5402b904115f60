import type { User } from '@poisha/contracts';
import { money } from '../ledger/money.js';
import type { UserWithBalance } from './users.repository.js';

/**
 * Where a stored profile photo is served (any signed-in user may load it, e.g. on favourites). The
 * file name is new for every upload, so the URL itself busts caches.
 */
export const photoUrlOf = (photoPath: string | null): string | null => (photoPath ? `/api/v1/photos/${encodeURIComponent(photoPath)}` : null);

/** The user as the API shows it: never the password hash, money as cents with its currency. */
export function toUserView(user: UserWithBalance): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    country: user.country,
    photoUrl: photoUrlOf(user.photo_path),
    balance: money(user.balance),
    emailVerified: user.email_verified_at !== null,
    phoneVerified: user.phone_verified_at !== null,
    welcomeBonusPending: user.welcome_bonus_transfer_id === null && user.welcome_bonus_refused_at === null,
    welcomeBonusRefused: user.welcome_bonus_refused_at !== null,
    paymentPinSet: user.payment_pin_set_at !== null,
  };
}
