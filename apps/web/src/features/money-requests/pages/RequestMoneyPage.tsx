import { type MoneyRequest } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Toast } from '../../../components/ui/Toast';
import { useErrorMessage } from '../../../lib/errors';
import { outcomeUnknown, useIdempotencyKeys } from '../../../lib/idempotency';
import { PageHeader } from '../../../components/PageHeader';
import type { PaymentApprovalChoice } from '../../../components/PaymentPinStep';
import { Panel } from '../../../components/ui/Panel';
import { isPaymentApprovalRefusal, useMe } from '../../../session';
import { useCloseMoneyRequest } from '../api/close-money-request';
import { usePayMoneyRequest } from '../api/pay-money-request';
import { useBlockRequester, useUnblockRequester } from '../api/request-blocks';
import { BlockedNumbers } from '../components/BlockedNumbers';
import { PayRequestDialog } from '../components/PayRequestDialog';
import { RequestMoneyForm } from '../components/RequestMoneyForm';
import { RequestsList, type RequestActions } from '../components/RequestsList';

/** /dashboard/RequestMoney: ask someone for money; pay or decline what others ask; cancel what you asked. */
export default function RequestMoneyPage() {
  const { t } = useTranslation('requests');
  const errorMessage = useErrorMessage();
  const [params] = useSearchParams();
  const me = useMe();
  const pay = usePayMoneyRequest();
  const close = useCloseMoneyRequest();
  const block = useBlockRequester();
  const unblock = useUnblockRequester();
  const keys = useIdempotencyKeys();
  const [paying, setPaying] = useState<MoneyRequest | null>(null);
  const [problem, setProblem] = useState<{ message: string; retry: boolean } | null>(null);
  const [toast, setToast] = useState<string | null>(null);

  // Links from a favourite ("Money Request") or a statement entry ("Ask for it back") fill the form.
  const initial = { from: params.get('from') ?? '', amount: params.get('amount') ?? '', note: params.get('note') ?? '' };

  /** Pays the request with its approval; a refused PIN or passkey goes back to the dialog's PIN step. */
  const confirmPay = async (approval: PaymentApprovalChoice) => {
    if (!paying) return;
    setProblem(null);
    try {
      await pay.mutateAsync({ id: paying.id, approval, idempotencyKey: keys.keyFor(paying.id) });
      keys.settle();
      setToast(t('pay.done', { name: paying.counterparty.name }));
      setPaying(null);
    } catch (error) {
      keys.settle(error);
      if (isPaymentApprovalRefusal(error)) throw error;
      // An unknown outcome keeps the key: "Try again" cannot pay twice.
      setProblem({ message: outcomeUnknown(error) ? `${errorMessage(error)} ${t('pay.uncertain')}` : errorMessage(error), retry: outcomeUnknown(error) });
    }
  };

  const actions: RequestActions = {
    onPay: (request) => {
      setProblem(null);
      setPaying(request);
    },
    onClose: (request) =>
      close.mutate(
        { id: request.id, action: request.direction === 'received' ? 'decline' : 'cancel' },
        {
          onSuccess: (closed) => setToast(t(closed.status === 'declined' ? 'list.declined' : 'list.cancelled')),
          onError: (error) => setToast(errorMessage(error)),
        },
      ),
    closingId: close.isPending ? (close.variables?.id ?? null) : null,
    onBlock: (request) =>
      block.mutate(request.counterparty.phone, {
        onSuccess: () => setToast(t('blocks.blocked', { name: request.counterparty.name })),
        onError: (error) => setToast(errorMessage(error)),
      }),
    blockingPhone: block.isPending ? (block.variables ?? null) : null,
  };

  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('title') })}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Panel title={t('form.title')}>
          <RequestMoneyForm key={params.toString()} initial={initial} onSent={setToast} />
        </Panel>
        <div className="space-y-6">
          <Panel title={t('list.received')}>
            <RequestsList direction="received" actions={actions} />
          </Panel>
          <Panel title={t('list.sent')}>
            <RequestsList direction="sent" actions={actions} />
          </Panel>
          <Panel title={t('blocks.title')}>
            <p className="mb-2 text-sm text-slate-600">{t('blocks.intro')}</p>
            <BlockedNumbers
              unblockingPhone={unblock.isPending ? (unblock.variables ?? null) : null}
              onUnblock={(phone, name) =>
                unblock.mutate(phone, {
                  onSuccess: () => setToast(t('blocks.unblocked', { name })),
                  onError: (error) => setToast(errorMessage(error)),
                })
              }
            />
          </Panel>
        </div>
      </div>
      <PayRequestDialog
        request={paying}
        balance={me.data?.balance.amount ?? null}
        paying={pay.isPending}
        problem={problem}
        onConfirm={confirmPay}
        onCancel={() => {
          setPaying(null);
          setProblem(null);
        }}
      />
      <Toast message={toast} onDone={() => setToast(null)} />
    </>
  );
}
