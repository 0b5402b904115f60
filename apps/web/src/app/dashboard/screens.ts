/**
 * Dashboard screens that later releases build. Each shows its title and one sentence on what it
 * will do. The keys are route paths (as in the spec's route table) and translation keys at once.
 */
export const upcomingScreens = [
  'CurrencyConvert',
  'takeLone',
  'Faqs',
  'addReview',
  'SupportTicket',
  'Setting',
] as const;

export type UpcomingScreen = (typeof upcomingScreens)[number];
