import { CURRENCY } from '@poisha/contracts';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Queryable } from '../../db/schema.js';

export interface WalletOwner {
  userId: string;
  name: string;
  phone: string;
  photoPath: string | null;
  accountId: string;
}

/**
 * The wallet registered to a phone number (E.164), with its owner: whom a payment, a request or a
 * favourite reaches.
 */
export function findWalletOwnerByPhone(db: Queryable, phone: string): Promise<WalletOwner | undefined> {
  return walletOwners(db).where('users.phone', '=', phone).executeTakeFirst();
}

/**
 * A transfer's two parties in one query: the sender's wallet, and the wallet registered to the
 * recipient's phone number (undefined when nobody has it; the sender's own when it is theirs).
 */
export async function transferParties(db: Queryable, senderId: string, recipientPhone: string): Promise<{ sender: WalletOwner; recipient: WalletOwner | undefined }> {
  const owners = await senderAndRecipient(db, { senderId, recipientPhone });
  const sender = owners.find((owner) => owner.userId === senderId);
  if (!sender) throw new Error(`transferParties: sender ${senderId} has no wallet`);
  return { sender, recipient: owners.find((owner) => owner.phone === recipientPhone) };
}

/** Every transfer looks its parties up: compiled once (db/compiled-once.ts). */
const senderAndRecipient = compiledOnce((db: Queryable, { senderId, recipientPhone }: { senderId: string; recipientPhone: string }) =>
  walletOwners(db).where((eb) => eb.or([eb('users.id', '=', senderId), eb('users.phone', '=', recipientPhone)])),
);

function walletOwners(db: Queryable) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', (join) => join.onRef('accounts.user_id', '=', 'users.id').on('accounts.currency', '=', CURRENCY))
    .select(['users.id as userId', 'users.name', 'users.phone', 'users.photo_path as photoPath', 'accounts.id as accountId']);
}
