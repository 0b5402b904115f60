import type { Insertable } from 'kysely';
import type { ContactMessagesTable, Queryable } from '../../db/schema.js';

export async function insertContactMessage(db: Queryable, message: Insertable<ContactMessagesTable>): Promise<void> {
  await db.insertInto('contact_messages').values(message).execute();
}

export async function markDelivered(db: Queryable, id: string): Promise<void> {
  await db.updateTable('contact_messages').set({ delivered: 1 }).where('id', '=', id).execute();
}
