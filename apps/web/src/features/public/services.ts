/**
 * The services of the landing page's grid, in the spec's order. Two work today and open their
 * dashboard screens (a visitor is asked to log in first); "call us" opens the contact page; the
 * others have a short public page each that says what they will do.
 */
export const services = [
  { key: 'sendMoney', to: '/dashboard/sendMoney', available: true },
  { key: 'cashIn', to: '/dashboard/addMoney', available: true },
  { key: 'billPay', to: '/services/bill-pay', available: false },
  { key: 'recharge', to: '/services/recharge', available: false },
  { key: 'services', to: '/services/more-services', available: false },
  { key: 'gasBill', to: '/services/gas-bill', available: false },
  { key: 'payment', to: '/services/payment', available: false },
  { key: 'callUs', to: '/contactUs', available: true },
] as const;

export type Service = (typeof services)[number];
export type ServiceKey = Service['key'];

/** The services that are not built yet, by the last part of their page's path. */
export const upcomingServiceBySlug: Record<string, ServiceKey> = Object.fromEntries(
  services.filter((service) => !service.available).map((service) => [service.to.slice('/services/'.length), service.key]),
);
