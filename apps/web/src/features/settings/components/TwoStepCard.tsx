import { appCodeSchema, twoStepConfirmRequestSchema, twoStepSetupRequestSchema, type TwoStepSetup } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { FormButtons } from './FormButtons';
import { PasswordField } from '../../../components/ui/PasswordField';
import { QueryState } from '../../../components/ui/QueryState';
import { TextField } from '../../../components/ui/TextField';
import { useApiForm } from '../../../lib/api-form';
import { useDisableTwoStep, useEnableTwoStep, useRenewRecoveryCodes, useSetUpTwoStep, useTwoStepStatus } from '../api/two-step';

const enableFormSchema = z.object({ code: appCodeSchema });

/** The QR code as an image: the server drew it as SVG (qrcode), shown without injecting markup. */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The secret in groups of four, as people type it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Two-step sign-in (decision 0044): off → the password → a QR code (and the secret as text) for an
 * authenticator app → its first code turns it on → the 10 recovery codes, shown once, to keep.
 * On → the password and a code turn it off, or give 10 new recovery codes.
 */
export function TwoStepCard() {
  const { t } = useTranslation('settings');
  const status = useTwoStepStatus();
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodesList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (setup) return <ScanStep setup={setup} onEnabled={(codes) => { setSetup(null); setRecoveryCodes(codes); }} onCancel={() => setSetup(null)} />;
  if (!status.data) return <QueryState query={status} loadingLabel={t('twoStep.loading')} />;
  return status.data.enabled ? <Manage recoveryCodesLeft={status.data.recoveryCodesLeft} onRenewed={setRecoveryCodes} /> : <TurnOn onSetup={setSetup} />;
}

function TurnOn({ onSetup }: { onSetup: (setup: TwoStepSetup) => void }) {
  const { t } = useTranslation('settings');
  const setUp = useSetUpTwoStep();
  const { register, submit, busy, failure, fieldError } = useApiForm({
    schema: twoStepSetupRequestSchema,
    defaultValues: { currentPassword: '' },
    onSubmit: async (body) => onSetup(await setUp.mutateAsync(body)),
  });
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-slate-700">{t('twoStep.off')}</p>
      <PasswordField label={t('twoStep.password')} autoComplete="current-password" error={fieldError('currentPassword')} {...register('currentPassword')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" busy={busy} busyText={t('saving')}>
        {t('twoStep.start')}
      </Button>
    </form>
  );
}

function ScanStep({ setup, onEnabled, onCancel }: { setup: TwoStepSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation('settings');
  const enable = useEnableTwoStep();
  const { register, submit, busy, failure, fieldError } = useApiForm({
    schema: enableFormSchema,
    defaultValues: { code: '' },
    onSubmit: async (body) => onEnabled((await enable.mutateAsync(body)).recoveryCodes),
  });
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>{t('twoStep.scan')}</li>
        <li>{t('twoStep.enterCode')}</li>
      </ol>
      <img src={svgImage(setup.qrSvg)} alt={t('twoStep.qrAlt')} width={192} height={192} className="h-48 w-48 rounded-lg border border-slate-200 bg-white" />
      <div className="text-sm text-slate-700">
        <p>{t('twoStep.typeInstead')}</p>
        <p className="mt-1 font-mono text-base font-semibold tracking-wider break-words text-slate-900" data-testid="two-step-secret">
          {grouped(setup.secret)}
        </p>
        <a href={setup.otpauthUri} className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline lg:hidden">
          {t('twoStep.openApp')}
        </a>
      </div>
      <TextField label={t('twoStep.code')} inputMode="numeric" autoComplete="one-time-code" error={fieldError('code')} {...register('code')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormButtons cancelLabel={t('twoStep.cancel')} onCancel={onCancel}>
        <Button type="submit" busy={busy} busyText={t('saving')}>
          {t('twoStep.enable')}
        </Button>
      </FormButtons>
    </form>
  );
}

function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const download = () => {
    const file = new Blob([`${t('twoStep.fileHeading')}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = 'poisha-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="space-y-5">
      <Alert tone="success">{t('twoStep.enabled')}</Alert>
      <p className="text-sm text-slate-700">{t('twoStep.recoveryLead')}</p>
      <ul aria-label={t('twoStep.recoveryTitle')} data-testid="recovery-codes" className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-base text-slate-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="tracking-wider whitespace-nowrap">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={download}>
          {t('twoStep.download')}
        </Button>
        <Button onClick={onDone}>{t('twoStep.saved')}</Button>
      </div>
    </div>
  );
}

function Manage({ recoveryCodesLeft, onRenewed }: { recoveryCodesLeft: number; onRenewed: (codes: string[]) => void }) {
  const { t } = useTranslation('settings');
  // Each change asks for the password and a code, in a form of its own once chosen.
  const [change, setChange] = useState<'renew' | 'off' | null>(null);
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700" data-testid="two-step-on">
        {t('twoStep.on', { count: recoveryCodesLeft })}
      </p>
      {change === null ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setChange('renew')}>
            {t('twoStep.renew')}
          </Button>
          <Button variant="secondary" onClick={() => setChange('off')}>
            {t('twoStep.turnOff')}
          </Button>
        </div>
      ) : (
        <ConfirmChange key={change} change={change} onRenewed={onRenewed} onCancel={() => setChange(null)} />
      )}
    </div>
  );
}

function ConfirmChange({ change, onRenewed, onCancel }: { change: 'renew' | 'off'; onRenewed: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation('settings');
  const disable = useDisableTwoStep();
  const renew = useRenewRecoveryCodes();
  const { register, submit, busy, failure, fieldError } = useApiForm({
    schema: twoStepConfirmRequestSchema,
    defaultValues: { currentPassword: '', code: '' },
    onSubmit: async (body) => {
      if (change === 'renew') onRenewed((await renew.mutateAsync(body)).recoveryCodes);
      else await disable.mutateAsync(body);
    },
  });
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <p className="text-sm text-slate-600">{t(change === 'renew' ? 'twoStep.renewLead' : 'twoStep.offLead')}</p>
      <PasswordField label={t('twoStep.password')} autoComplete="current-password" error={fieldError('currentPassword')} {...register('currentPassword')} />
      <TextField label={t('twoStep.codeOrRecovery')} autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} error={fieldError('code')} {...register('code')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormButtons cancelLabel={t('twoStep.cancel')} onCancel={onCancel}>
        <Button type="submit" variant={change === 'off' ? 'danger' : 'primary'} busy={busy} busyText={t('saving')}>
          {t(change === 'renew' ? 'twoStep.renewConfirm' : 'twoStep.offConfirm')}
        </Button>
      </FormButtons>
    </form>
  );
}
