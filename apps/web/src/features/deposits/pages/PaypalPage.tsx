import { CURRENCY, errorCodes, PAYPAL_TOP_UP_CENTS, type PaypalOrder } from '@poisha/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { WalletIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { PageHeader } from '../../../components/PageHeader';
import { WalletBalance } from '../../../session';
import { useCancelPaypalOrder } from '../api/cancel-paypal-order';
import { useCapturePaypalOrder } from '../api/capture-paypal-order';
import { useCreatePaypalOrder } from '../api/create-paypal-order';
import { PaypalApprovalPanel, paypalButtonClasses } from '../components/PaypalApprovalPanel';
import { useFormatMoney } from '../../../lib/use-format-money';

/** Where the top-up is: nothing yet, waiting for the payer's approval, or finished either way. */
type Step =
  | { kind: 'idle' }
  /** The capture key belongs to the order: approving twice sends it twice and the server credits once. */
  | { kind: 'approval'; order: PaypalOrder; captureKey: string }
  | { kind: 'captured'; order: PaypalOrder }
  | { kind: 'cancelled'; order: PaypalOrder };

/**
 * The order whose approval window is open, kept for this tab: leaving the window (a reload, Back,
 * another screen) is cancelling it, as closing PayPal's own window is, and the person is told so
 * when they come back instead of finding the page as if nothing had happened.
 */
const OPEN_ORDER_KEY = 'poisha.paypal.openOrder';
const openOrder = {
  read: () => window.sessionStorage.getItem(OPEN_ORDER_KEY),
  remember: (orderId: string) => window.sessionStorage.setItem(OPEN_ORDER_KEY, orderId),
  forget: () => window.sessionStorage.removeItem(OPEN_ORDER_KEY),
};

/** PayPal top-up: a sandbox order of 2 USD that credits the wallet once approved. */
export default function PaypalPage() {
  const { t } = useTranslation('deposits');
  const money = useFormatMoney();
  const errorMessage = useErrorMessage();
  const createOrder = useCreatePaypalOrder();
  const capture = useCapturePaypalOrder();
  const cancel = useCancelPaypalOrder();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // Read before the effects below run (the first of them forgets it while the page is idle).
  const [leftOrderId] = useState(() => openOrder.read());
  const [failure, setFailure] = useState<string | null>(null);
  const outcome = useRef<HTMLDivElement>(null);

  const topUp = money({ amount: PAYPAL_TOP_UP_CENTS, currency: CURRENCY });

  useEffect(() => {
    if (step.kind === 'captured' || step.kind === 'cancelled') outcome.current?.focus();
    if (step.kind === 'approval') openOrder.remember(step.order.id);
    else openOrder.forget();
  }, [step]);

  // Back from a PayPal window left open: cancel that order (an approved one stays approved) and say so.
  const { mutateAsync: cancelOrderById } = cancel;
  useEffect(() => {
    if (!leftOrderId) return;
    cancelOrderById(leftOrderId).then(
      (order) => setStep(order.status === 'captured' ? { kind: 'captured', order } : { kind: 'cancelled', order }),
      () => openOrder.forget(),
    );
  }, [cancelOrderById, leftOrderId]);

  /** A failed approval or cancellation; an order that can no longer be paid or cancelled is closed here too. */
  const failed = (error: unknown) => {
    setFailure(errorMessage(error));
    if (isApiError(error) && error.code === errorCodes.orderNotPayable) setStep({ kind: 'idle' });
  };

  const start = async () => {
    setFailure(null);
    try {
      const order = await createOrder.mutateAsync();
      setStep({ kind: 'approval', order, captureKey: newIdempotencyKey() });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const approve = async () => {
    if (step.kind !== 'approval' || capture.isPending || cancel.isPending) return;
    setFailure(null);
    try {
      const order = await capture.mutateAsync({ orderId: step.order.id, idempotencyKey: step.captureKey });
      setStep({ kind: 'captured', order });
    } catch (error) {
      failed(error);
    }
  };

  const cancelOrder = async () => {
    if (step.kind !== 'approval' || capture.isPending || cancel.isPending) return;
    setFailure(null);
    try {
      const order = await cancel.mutateAsync(step.order.id);
      setStep({ kind: 'cancelled', order });
    } catch (error) {
      failed(error);
    }
  };

  const again = () => {
    setFailure(null);
    setStep({ kind: 'idle' });
  };

  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('paypal.title') })}</title>
      <PageHeader title={t('paypal.title')} subtitle={t('paypal.subtitle')} />
      <div className="max-w-2xl space-y-6">
        <WalletBalance />
        {step.kind === 'idle' && (
          <section aria-labelledby="paypal-start-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-8">
            <div className="flex items-start gap-4">
              <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <WalletIcon className="size-6" />
              </span>
              <div className="min-w-0 space-y-1">
                <h2 id="paypal-start-title" className="text-lg font-semibold text-slate-900">
                  {t('paypal.startTitle', { amount: topUp })}
                </h2>
                <p className="text-sm text-slate-600">{t('paypal.startText', { amount: topUp })}</p>
              </div>
            </div>
            <Button
              needsNetwork
              onClick={() => void start()}
              busy={createOrder.isPending}
              busyText={t('paypal.opening')}
              className={`${paypalButtonClasses} w-full sm:w-auto`}
            >
              {t('paypal.pay')}
            </Button>
          </section>
        )}
        {step.kind === 'approval' && (
          <PaypalApprovalPanel
            order={step.order}
            onApprove={() => void approve()}
            onCancel={() => void cancelOrder()}
            approving={capture.isPending}
            cancelling={cancel.isPending}
          />
        )}
        {(step.kind === 'captured' || step.kind === 'cancelled') && (
          <div ref={outcome} tabIndex={-1} className="space-y-4 outline-none">
            {step.kind === 'captured' ? (
              <Alert tone="success" title={t('paypal.captured', { amount: money(step.order.amount) })}>
                {t('paypal.capturedText')}
              </Alert>
            ) : (
              <Alert tone="info" title={t('paypal.cancelled')}>
                {t('paypal.cancelledText')}
              </Alert>
            )}
            <Button variant="secondary" onClick={again}>
              {step.kind === 'captured' ? t('paypal.addAnother', { amount: topUp }) : t('paypal.startAgain')}
            </Button>
          </div>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
    </>
  );
}
