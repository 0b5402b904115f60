import type { UserSession } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/errors';
import { formattingLocale } from '../../../lib/i18n';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

type Confirming = { kind: 'one'; session: UserSession } | { kind: 'others' } | null;
type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * Settings' "Signed-in devices" (decision 0043): where the account is signed in now, from the
 * browser's own description, the address (no place: no geolocation database is used) and the last
 * activity; any other device signs out from here after a confirmation, or all of them at once.
 * This device signs out with the menu's Log out.
 */
export function SignedInDevices() {
  const { t, i18n } = useTranslation('settings');
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const errorMessage = useErrorMessage();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const locale = formattingLocale(i18n.language);

  if (!sessions.data) return <QueryState query={sessions} loadingLabel={t('loading')} />;
  const { items, total } = sessions.data;
  const others = items.filter((session) => !session.current);

  const describe = (session: UserSession) => {
    const browser = session.browser ?? t('devices.unknownBrowser');
    return session.device ? t('devices.browserOnDevice', { browser, device: session.device }) : browser;
  };
  // The session asking is the one in use: it is active now, by definition.
  const lastActive = (session: UserSession) => (session.current ? t('devices.activeNow') : t('devices.lastActive', { time: formatDateTime(session.lastActiveAt, locale) }));

  const onConfirm = async () => {
    if (!confirming) return;
    setOutcome(null);
    try {
      if (confirming.kind === 'one') {
        await endOne.mutateAsync(confirming.session.id);
        setOutcome({ tone: 'success', text: t('devices.endedOne', { device: describe(confirming.session) }) });
      } else {
        const { ended } = await endOthers.mutateAsync();
        setOutcome({ tone: 'success', text: t('devices.endedOthers', { count: ended }) });
      }
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error) });
    }
    setConfirming(null);
  };

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200">
        {items.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 sm:flex-nowrap">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
                <span className="break-words">{describe(session)}</span>
                {session.current && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t('devices.thisDevice')}</span>}
              </p>
              <p className="mt-1 text-sm break-words text-slate-600">{session.ip ? t('devices.address', { ip: session.ip }) : t('devices.noAddress')}</p>
              <p className="text-sm text-slate-600">{lastActive(session)}</p>
              <p className="text-sm text-slate-600">{t('devices.signedInAt', { time: formatDateTime(session.createdAt, locale) })}</p>
            </div>
            {!session.current && (
              <div className="shrink-0">
                <Button variant="secondary" aria-label={t('devices.signOutLabel', { device: describe(session) })} onClick={() => setConfirming({ kind: 'one', session })}>
                  {t('devices.signOut')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {total > items.length && <p className="text-sm text-slate-600">{t('devices.more', { count: total - items.length })}</p>}
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {others.length > 0 ? (
        <Button variant="secondary" onClick={() => setConfirming({ kind: 'others' })}>
          {t('devices.signOutOthers')}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">{t('devices.onlyThis')}</p>
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming?.kind === 'one' ? t('devices.confirmOneTitle') : t('devices.confirmOthersTitle')}
        role="alertdialog"
      >
        <p className="text-slate-700">
          {confirming?.kind === 'one'
            ? t('devices.confirmOneText', { device: describe(confirming.session), ip: confirming.session.ip ?? t('devices.unknownAddress') })
            : t('devices.confirmOthersText', { count: others.length })}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(null)} data-autofocus>
            {t('devices.keep')}
          </Button>
          <Button variant="danger" busy={endOne.isPending || endOthers.isPending} busyText={t('devices.signingOut')} onClick={() => void onConfirm()}>
            {t('devices.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
