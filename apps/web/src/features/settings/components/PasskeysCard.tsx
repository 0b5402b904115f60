import {
  errorCodes,
  MAX_PASSKEYS,
  PASSKEY_NAME_MAX_LENGTH,
  passkeyRegistrationOptionsRequestSchema,
  passkeyRegistrationRequestSchema,
  type Passkey,
  type PasskeyAttestation,
} from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { FormButtons } from './FormButtons';
import { Dialog } from '../../../components/ui/Dialog';
import { PasskeyIcon } from '../../../components/ui/icons';
import { PasswordField } from '../../../components/ui/PasswordField';
import { PinFormField } from '../../../components/ui/PinField';
import { QueryState } from '../../../components/ui/QueryState';
import { TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/errors';
import { formattingLocale } from '../../../lib/i18n';
import { passkeyPromptProblem, useWebAuthnSupported } from '../../../lib/webauthn';
import { useAddPasskey, useCreatePasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';

type Outcome = { tone: 'success' | 'error'; text: string } | null;
type Step = { kind: 'list' } | { kind: 'confirm' } | { kind: 'name'; made: PasskeyAttestation };

const nameFormSchema = passkeyRegistrationRequestSchema.pick({ name: true });

/**
 * Settings' "Passkeys" (issue 26, decision 0045): the account's passkeys (name, added, last used,
 * whether a password manager syncs it), each removed after a confirmation, and a new one added in
 * three steps: the password and the payment PIN (a passkey replaces both), the browser's prompt
 * (fingerprint, face or screen lock), and a name. A closed prompt is no error: the form stays.
 * A browser without WebAuthn is told so instead of offered the button.
 */
export function PasskeysCard() {
  const { t } = useTranslation('settings');
  const passkeys = usePasskeys();
  const webAuthn = useWebAuthnSupported();
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (step.kind === 'confirm') {
    return <ConfirmItIsYou onMade={(made) => setStep({ kind: 'name', made })} onCancel={() => setStep({ kind: 'list' })} />;
  }
  if (step.kind === 'name') {
    return (
      <NamePasskey
        made={step.made}
        onAdded={(passkey) => {
          setOutcome({ tone: 'success', text: t('passkeys.addedDone', { name: passkey.name }) });
          setStep({ kind: 'list' });
        }}
        onStartAgain={() => setStep({ kind: 'confirm' })}
        onCancel={() => setStep({ kind: 'list' })}
      />
    );
  }
  if (!passkeys.data) return <QueryState query={passkeys} loadingLabel={t('passkeys.loading')} />;
  const list = passkeys.data.passkeys;
  return (
    <div className="space-y-5">
      {list.length > 0 ? (
        <PasskeyList passkeys={list} onOutcome={setOutcome} />
      ) : (
        <p className="text-sm text-slate-700" data-testid="passkeys-none">
          {t('passkeys.none')}
        </p>
      )}
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {!webAuthn ? (
        <p className="text-sm text-slate-600" data-testid="passkeys-unsupported">
          {t('passkeys.unsupported')}
        </p>
      ) : list.length >= MAX_PASSKEYS ? (
        <p className="text-sm text-slate-600">{t('passkeys.tooMany', { max: MAX_PASSKEYS })}</p>
      ) : (
        <Button
          variant={list.length > 0 ? 'secondary' : 'primary'}
          onClick={() => {
            setOutcome(null);
            setStep({ kind: 'confirm' });
          }}
        >
          <PasskeyIcon />
          {t('passkeys.add')}
        </Button>
      )}
    </div>
  );
}

function PasskeyList({ passkeys, onOutcome }: { passkeys: Passkey[]; onOutcome: (outcome: Outcome) => void }) {
  const { t, i18n } = useTranslation('settings');
  const locale = formattingLocale(i18n.language);
  const remove = useRemovePasskey();
  const errorMessage = useErrorMessage();
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const onConfirm = async () => {
    if (!removing) return;
    onOutcome(null);
    try {
      await remove.mutateAsync(removing.id);
      onOutcome({ tone: 'success', text: t('passkeys.removed', { name: removing.name }) });
    } catch (error) {
      onOutcome({ tone: 'error', text: errorMessage(error) });
    }
    setRemoving(null);
  };

  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label={t('passkeys.listLabel')}>
        {passkeys.map((passkey) => (
          <li key={passkey.id} data-testid="passkey" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 sm:flex-nowrap">
            <div className="flex min-w-0 gap-3">
              <PasskeyIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{passkey.name}</p>
                <p className="mt-1 text-sm text-slate-600">{t('passkeys.added', { date: formatDate(passkey.createdAt, locale) })}</p>
                <p className="text-sm text-slate-600">
                  {passkey.lastUsedAt ? t('passkeys.lastUsed', { time: formatDateTime(passkey.lastUsedAt, locale) }) : t('passkeys.neverUsed')}
                </p>
                <p className="text-sm text-slate-600">{t(passkey.synced ? 'passkeys.synced' : 'passkeys.notSynced')}</p>
              </div>
            </div>
            <div className="shrink-0">
              <Button variant="secondary" aria-label={t('passkeys.removeLabel', { name: passkey.name })} onClick={() => setRemoving(passkey)}>
                {t('passkeys.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} title={t('passkeys.confirmRemoveTitle')} role="alertdialog">
        <p className="text-slate-700">{removing && t('passkeys.confirmRemoveText', { name: removing.name })}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setRemoving(null)} data-autofocus>
            {t('passkeys.keep')}
          </Button>
          <Button variant="danger" busy={remove.isPending} busyText={t('passkeys.removing')} onClick={() => void onConfirm()}>
            {t('passkeys.confirmRemove')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** The password and the payment PIN, then the browser's prompt. */
function ConfirmItIsYou({ onMade, onCancel }: { onMade: (made: PasskeyAttestation) => void; onCancel: () => void }) {
  const { t } = useTranslation('settings');
  const create = useCreatePasskey();
  // What the browser's prompt ended with, when it made nothing: calm for a closed prompt.
  const [note, setNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const { register, control, setValue, submit, busy, failure, fieldError } = useApiForm({
    schema: passkeyRegistrationOptionsRequestSchema,
    defaultValues: { currentPassword: '', pin: '' },
    onSubmit: async (body) => {
      setNote(null);
      onMade(await create.mutateAsync(body));
    },
    onError: (error) => {
      const problem = passkeyPromptProblem(error);
      if (problem === 'dismissed') setNote({ tone: 'info', text: t('passkeys.dismissed') });
      else if (problem) setNote({ tone: 'error', text: t(problem === 'alreadyOnDevice' ? 'passkeys.alreadyOnDevice' : 'passkeys.failed') });
      if (problem) return true;
      // A wrong PIN is typed again from the start; the API's sentence (with the tries left) goes under the field.
      if (isApiError(error) && error.code === errorCodes.wrongPaymentPin) setValue('pin', '');
      return undefined;
    },
  });
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5" data-testid="passkey-confirm">
      <p className="text-sm text-slate-700">{t('passkeys.confirmLead')}</p>
      <PasswordField label={t('passkeys.password')} autoComplete="current-password" error={fieldError('currentPassword')} {...register('currentPassword')} />
      <PinFormField control={control} name="pin" label={t('passkeys.pin')} error={fieldError('pin')} />
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormButtons cancelLabel={t('passkeys.cancel')} onCancel={onCancel} cancelDisabled={busy}>
        <Button type="submit" busy={busy} busyText={t('passkeys.creating')}>
          {t('passkeys.continue')}
        </Button>
      </FormButtons>
    </form>
  );
}

/** The passkey is made on the device: a name, and it is added to the account. */
function NamePasskey({
  made,
  onAdded,
  onStartAgain,
  onCancel,
}: {
  made: PasskeyAttestation;
  onAdded: (passkey: Passkey) => void;
  onStartAgain: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('settings');
  const add = useAddPasskey();
  // The server refused what the browser made (its challenge ran out, say): a new prompt is needed,
  // or the passkey is on the account already and nothing is left to do.
  const [refused, setRefused] = useState<'notAccepted' | 'alreadyAdded' | null>(null);
  const { register, submit, busy, failure, fieldError } = useApiForm({
    schema: nameFormSchema,
    defaultValues: { name: '' },
    onSubmit: async ({ name }) => onAdded(await add.mutateAsync({ response: made, name: name ?? '' })),
    onError: (error) => {
      if (isApiError(error) && error.code === errorCodes.passkeyNotAccepted) setRefused('notAccepted');
      if (isApiError(error) && error.code === errorCodes.passkeyAlreadyAdded) setRefused('alreadyAdded');
      return undefined;
    },
  });
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5" data-testid="passkey-name">
      <Alert tone="success">{t('passkeys.made')}</Alert>
      <TextField
        label={t('passkeys.name')}
        hint={t('passkeys.nameHint')}
        autoComplete="off"
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        autoFocus
        error={fieldError('name')}
        {...register('name')}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormButtons cancelLabel={t('passkeys.cancel')} onCancel={onCancel} cancelDisabled={busy}>
        {refused === 'notAccepted' && <Button onClick={onStartAgain}>{t('passkeys.startAgain')}</Button>}
        {refused === null && (
          <Button type="submit" busy={busy} busyText={t('saving')}>
            {t('passkeys.save')}
          </Button>
        )}
      </FormButtons>
    </form>
  );
}
