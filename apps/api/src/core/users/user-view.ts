import type { User } from '@poisha/contracts';
import { money } from '../ledger/money.js';
import type { UserWithBalance } from './users.repository.js';

/** The user as the API shows it: never the password hash, money as cents with its currency. */
export function toUserView(user: UserWithBalance): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    country: user.country,
    photoUrl: user.photo_path ? `/api/v1/me/photo/${encodeURIComponent(user.photo_path)}` : null,
    balance: money(user.balance),
  };
}
