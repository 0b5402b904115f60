import type { PaypalOrder } from '@poisha/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { useFormatMoney } from '../../../lib/use-format-money';

/** PayPal's own yellow button, over the primary button's colours (dark text: contrast above 10:1). */
export const paypalButtonClasses = 'bg-[#ffc439]! text-slate-950! hover:bg-[#f2b52e]! active:bg-[#e0a81f]!';

interface PaypalApprovalPanelProps {
  order: PaypalOrder;
  onApprove: () => void;
  onCancel: () => void;
  approving: boolean;
  cancelling: boolean;
}

/**
 * Stands in for PayPal's approval window in the sandbox: the payer sees the amount and the
 * merchant and approves or cancels. Only one action can run at a time.
 */
export function PaypalApprovalPanel({ order, onApprove, onCancel, approving, cancelling }: PaypalApprovalPanelProps) {
  const { t } = useTranslation('deposits');
  const money = useFormatMoney();
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = approving || cancelling;
  const amount = money(order.amount);

  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="paypal-window-title" className="overflow-hidden rounded-2xl border border-slate-300 bg-white shadow-lg">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-5 py-3">
        <p className="text-xl font-extrabold tracking-tight italic">
          <span className="text-[#003087]">Pay</span>
          <span className="text-[#0070ba]">Pal</span>
        </p>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-amber-900 uppercase">{t('paypal.window.sandbox')}</span>
      </div>
      <div className="space-y-5 p-5 sm:p-6">
        <h2 id="paypal-window-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {t('paypal.window.question', { amount })}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-600">{t('paypal.window.merchant')}</dt>
          <dd className="font-medium text-slate-900">{t('paypal.window.merchantName')}</dd>
          <dt className="text-slate-600">{t('paypal.window.total')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {amount} {order.amount.currency}
          </dd>
          <dt className="text-slate-600">{t('paypal.window.order')}</dt>
          <dd className="font-mono break-all text-slate-900">{order.id}</dd>
        </dl>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            needsNetwork
            onClick={onApprove}
            busy={approving}
            busyText={t('paypal.window.approving')}
            disabled={busy}
            className={`${paypalButtonClasses} sm:min-w-40`}
          >
            {t('paypal.window.approve')}
          </Button>
          <Button variant="secondary" onClick={onCancel} busy={cancelling} busyText={t('paypal.window.cancelling')} disabled={busy}>
            {t('paypal.window.cancel')}
          </Button>
        </div>
      </div>
    </section>
  );
}
