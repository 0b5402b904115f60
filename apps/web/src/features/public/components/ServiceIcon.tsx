import { Icon } from '../../../components/ui/icons';
import type { ReactNode } from 'react';
import type { ServiceKey } from '../services';

/** Line icons of the services, drawn for Poisha on a 24 px grid in the current colour. Decorative. */
const paths: Record<ServiceKey, ReactNode> = {
  sendMoney: <path d="M20.5 3.5 10 14M20.5 3.5 14 20.5l-4-6.5-6.5-4z" />,
  cashIn: (
    <>
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6 9.5v5M18 9.5v5" />
    </>
  ),
  billPay: (
    <>
      <path d="M6 3.5h12v17l-2-1.4-2 1.4-2-1.4-2 1.4-2-1.4-2 1.4z" />
      <path d="M9 8h6M9 11.5h6M9 15h3.5" />
    </>
  ),
  recharge: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
      <path d="m12.8 7-2.6 4.5h3.6L11.2 16" />
    </>
  ),
  services: (
    <>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
      <path d="M17 14v6M14 17h6" />
    </>
  ),
  gasBill: <path d="M12 21c-3.6 0-6-2.4-6-5.6 0-3.9 3.3-5.7 3.9-10.4 2.9 1.8 4.4 4.4 4.4 6.8.9-.6 1.5-1.6 1.7-2.8 1.2 1.4 2 3.2 2 5.2C18 18.6 15.6 21 12 21zM12 21c-1.5 0-2.5-1-2.5-2.4 0-1.7 1.4-2.6 2.5-4.1 1.1 1.5 2.5 2.4 2.5 4.1C14.5 20 13.5 21 12 21z" />,
  payment: (
    <>
      <rect x="3.5" y="3.5" width="6" height="6" rx="1" />
      <rect x="14.5" y="3.5" width="6" height="6" rx="1" />
      <rect x="3.5" y="14.5" width="6" height="6" rx="1" />
      <path d="M14.5 14.5h2.5v2.5M20.5 14.5v.01M14.5 20.5h2.5M20.5 18v2.5h-.5" />
    </>
  ),
  callUs: <path d="M8.2 3.5H5.3a1.8 1.8 0 0 0-1.8 2c.9 8 6.8 13.9 14.8 14.8a1.8 1.8 0 0 0 2-1.8v-2.9l-3.8-1.6-2 2a12 12 0 0 1-5.1-5.1l2-2z" />,
};

export function ServiceIcon({ service, className = 'size-6' }: { service: ServiceKey; className?: string }) {
  return <Icon className={className}>{paths[service]}</Icon>;
}
