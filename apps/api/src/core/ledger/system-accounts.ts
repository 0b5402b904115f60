/** System accounts: where money comes from. Their balances are derived from postings, not kept. */
export const SYSTEM_ACCOUNTS = {
  welcomeBonus: 'system:welcome-bonus',
  bankSettlement: 'system:settlement:bank',
  cardSettlement: 'system:settlement:card',
  paypalSettlement: 'system:settlement:paypal',
} as const;
