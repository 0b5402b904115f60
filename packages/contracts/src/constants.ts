// Plain numbers with no schema library behind them, so any page can import them cheaply.

export const CURRENCY = 'USD';
export const CENTS_PER_DOLLAR = 100;

/** Every new wallet starts with 1000 USD, paid from the welcome-bonus treasury. */
export const WELCOME_BONUS_CENTS = 1000 * CENTS_PER_DOLLAR;

/** The most one movement can carry: ten million dollars. Far below 2^53 cents, so sums stay exact. */
export const MAX_AMOUNT_CENTS = 10_000_000 * CENTS_PER_DOLLAR;
