import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../lib/errors';
import { useOnline } from '../../lib/online';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';

/** The parts of a TanStack query this needs, so any query (or infinite query) fits. */
export interface QueryLike {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

/** After this long a load is called slow, so a person on a weak network knows it is still going. */
export const SLOW_AFTER_MS = 8_000;

function Loading({ label }: { label: string }) {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center justify-center gap-3 py-10 text-brand-700">
      <Spinner size="md" />
      <span className="text-sm font-medium text-slate-600">{label}</span>
      {slow && <span className="text-xs text-slate-600">{t('slow')}</span>}
    </div>
  );
}

/** A part of a screen whose data could not be loaded: what failed (`title`), and a button to try again. */
export function RetryAlert({ title, onRetry }: { title: string; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" title={title}>
      <Button variant="secondary" className="mt-2" onClick={() => void onRetry()}>
        {t('retry')}
      </Button>
    </Alert>
  );
}

/** A separate component: only a failure needs the error sentences (and waits for their texts). */
function Failed({ query }: { query: QueryLike }) {
  const errorMessage = useErrorMessage();
  return <RetryAlert title={errorMessage(query.error)} onRetry={() => query.refetch()} />;
}

/**
 * What a screen shows instead of its data while the data is not there: progress while it loads,
 * the offline state when there is no network (the query waits, and runs when the network is
 * back), and the failure with a Retry button. Null once there is data, so the screen renders it.
 *
 *   if (!query.data) return <QueryState query={query} loadingLabel={t('list.loading')} />;
 *   {!rates.data && <QueryState query={rates} />}
 */
export function QueryState({ query, loadingLabel }: { query: QueryLike; loadingLabel?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (query.data !== undefined) return null;
  if (query.isPending && (query.fetchStatus === 'paused' || !online)) {
    return (
      <Alert tone="warning" title={t('offline.title')}>
        {t('offline.screen')}
      </Alert>
    );
  }
  if (query.isError) return <Failed query={query} />;
  if (query.isPending) return <Loading label={loadingLabel ?? t('loading')} />;
  return null;
}

/**
 * A panel's own loading and failure lines, in the panel's words: a spinner labelled `loadingLabel`
 * while the query loads, `errorTitle` with a Retry button when it failed, nothing once there is
 * data. For a part of a screen (a dashboard panel, a card) that keeps its heading in every state;
 * a whole screen uses QueryState, which also says offline and gives the error's own sentence.
 * `spinnerClassName` places the spinner in the panel (centred with room around it by default),
 * `alertClassName` wraps the alert where the panel needs space above it.
 */
export function PanelQueryState({
  query,
  loadingLabel,
  errorTitle,
  spinnerClassName = 'flex justify-center py-6',
  alertClassName,
}: {
  query: Pick<QueryLike, 'isPending' | 'isError' | 'refetch'>;
  loadingLabel: string;
  errorTitle: string;
  spinnerClassName?: string;
  alertClassName?: string;
}) {
  if (query.isPending) {
    return (
      <div className={`${spinnerClassName} text-brand-700`}>
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (!query.isError) return null;
  const alert = <RetryAlert title={errorTitle} onRetry={() => query.refetch()} />;
  return alertClassName ? <div className={alertClassName}>{alert}</div> : alert;
}
