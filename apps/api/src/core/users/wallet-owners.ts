import { CURRENCY } from '@poisha/contracts';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Queryable } from '../../db/schema.js';

export interface WalletOwner {
  userId: string;
  name: string;
  phone: string;
  photoPath: string | null;
  accountId: string;
  /** The owner proved the number (decision 0041). */
  phoneVerified: boolean;
}

/**
 * The wallet registered to a phone number (E.164) its owner has proven, with its owner: whom a
 * payment, a request or a favourite reaches. A number not proven yet has no active wallet, and a
 * sender hears exactly what they hear of a number nobody has (decision 0041).
 */
export async function findWalletOwnerByPhone(db: Queryable, phone: string): Promise<WalletOwner | undefined> {
  const owner = await walletOwners(db).where('users.phone', '=', phone).where('users.phone_verified_at', 'is not', null).executeTakeFirst();
  return owner && withProof(owner);
}

const withProof = ({ phoneVerifiedAt, ...owner }: Omit<WalletOwner, 'phoneVerified'> & { phoneVerifiedAt: string | null }): WalletOwner => ({
  ...owner,
  phoneVerified: phoneVerifiedAt !== null,
});

/**
 * A transfer's two parties in one query: the sender's wallet, and the wallet registered to the
 * recipient's phone number (undefined when nobody has it or its owner has not proven it yet; the
 * sender's own when it is theirs). A sender need not have proven their own number to pay.
 */
export async function transferParties(db: Queryable, senderId: string, recipientPhone: string): Promise<{ sender: WalletOwner; recipient: WalletOwner | undefined }> {
  const owners = (await senderAndRecipient(db, { senderId, recipientPhone })).map(withProof);
  const sender = owners.find((owner) => owner.userId === senderId);
  if (!sender) throw new Error(`transferParties: sender ${senderId} has no wallet`);
  // The sender may hold the number unproven while another account has proven it (decision 0041):
  // the money goes to whoever proved it, and to the sender only when nobody else did.
  const recipient = owners.find((owner) => owner.phone === recipientPhone && owner.phoneVerified) ?? (sender.phone === recipientPhone ? sender : undefined);
  return { sender, recipient };
}

/** Every transfer looks its parties up: compiled once (db/compiled-once.ts). */
const senderAndRecipient = compiledOnce((db: Queryable, { senderId, recipientPhone }: { senderId: string; recipientPhone: string }) =>
  walletOwners(db).where((eb) =>
    eb.or([eb('users.id', '=', senderId), eb.and([eb('users.phone', '=', recipientPhone), eb('users.phone_verified_at', 'is not', null)])]),
  ),
);

function walletOwners(db: Queryable) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', (join) => join.onRef('accounts.user_id', '=', 'users.id').on('accounts.currency', '=', CURRENCY))
    .select(['users.id as userId', 'users.name', 'users.phone', 'users.photo_path as photoPath', 'accounts.id as accountId', 'users.phone_verified_at as phoneVerifiedAt']);
}
