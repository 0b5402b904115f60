import { describe, expect, it } from 'vitest';
import { createTicketRequestSchema } from './support-tickets';

const ticket = { subject: 'Card deposit', category: 'other', message: 'Where is my money?' } as const;

describe('a new ticket’s transaction', () => {
  it('may be left out or chosen as "No particular transaction" (empty), both meaning none', () => {
    expect(createTicketRequestSchema.parse(ticket).transactionId).toBeUndefined();
    expect(createTicketRequestSchema.parse({ ...ticket, transactionId: '' }).transactionId).toBeUndefined();
    expect(createTicketRequestSchema.parse({ ...ticket, transactionId: '   ' }).transactionId).toBeUndefined();
  });

  it('keeps a chosen transfer id and refuses one over 64 characters', () => {
    expect(createTicketRequestSchema.parse({ ...ticket, transactionId: ' 0193a1b2-c3d4 ' }).transactionId).toBe('0193a1b2-c3d4');
    expect(createTicketRequestSchema.safeParse({ ...ticket, transactionId: 'x'.repeat(65) }).success).toBe(false);
  });
});
