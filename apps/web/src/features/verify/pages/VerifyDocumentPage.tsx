import { normalizeDocumentCode, type VerifyDocumentResult } from '@poisha/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { DetailList } from '../../../components/ui/DetailList';
import { TextField } from '../../../components/ui/TextField';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/errors';
import { formattingLocale } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useVerifyDocument } from '../api/verify-document';
import { sha256OfFile } from '../file-digest';

/** The statement's period ends at the first instant after it: its last day is the day before. */
const lastInstantBefore = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();

function Details({ result }: { result: VerifyDocumentResult }) {
  const { t, i18n } = useTranslation('verify');
  const locale = formattingLocale(i18n.language);
  const formatMoney = useFormatMoney();
  const items: Array<readonly [string, string]> = [
    [t('details.kind'), t(`kindName.${result.kind}`)],
    [t('details.holder'), result.holder],
    [t('details.issuedAt'), formatDateTime(result.issuedAt, locale)],
  ];
  const { summary } = result;
  if (summary?.kind === 'receipt') {
    items.push(
      [t('details.date'), formatDateTime(summary.date, locale)],
      [t('details.what'), t(`direction.${summary.direction === 'out' ? 'out' : summary.transferKind === 'transfer' ? 'in' : 'added'}`)],
      [t('details.amount'), formatMoney(summary.amount)],
    );
  } else if (summary?.kind === 'statement') {
    items.push(
      [t('details.period'), t('details.periodValue', { from: formatDate(summary.from, locale), to: formatDate(lastInstantBefore(summary.to), locale) })],
      [t('details.opening'), formatMoney(summary.openingBalance)],
      [t('details.totalIn'), formatMoney(summary.totalIn)],
      [t('details.totalOut'), formatMoney(summary.totalOut)],
      [t('details.closing'), formatMoney(summary.closingBalance)],
      [t('details.entries'), new Intl.NumberFormat(locale).format(summary.entries)],
    );
  }
  return <DetailList items={items} />;
}

function FileVerdict({ file }: { file: VerifyDocumentResult['file'] }) {
  const { t } = useTranslation('verify');
  if (file === 'not_checked') return null;
  if (file === 'matches') return <Alert tone="success" title={t('file.matches')} />;
  if (file === 'differs') return <Alert tone="error" title={t('file.differs')} />;
  return <Alert tone="info" title={t('file.notRecorded')} />;
}

function Verdict({ result }: { result: VerifyDocumentResult }) {
  const { t } = useTranslation('verify');
  const kind = t(`kind.${result.kind}`);
  return (
    <section aria-label={t('resultLabel')} className="space-y-4" data-testid="verify-result" data-status={result.status} data-file={result.file}>
      {result.status === 'genuine' ? (
        <Alert tone="success" title={t('genuine.title', { kind })}>
          {t('genuine.body')}
        </Alert>
      ) : (
        <Alert tone="error" title={t('altered.title', { kind })}>
          {t('altered.body')}
        </Alert>
      )}
      <FileVerdict file={result.file} />
      <Details result={result} />
    </section>
  );
}

/** /verify: anyone holding a Poisha statement or receipt checks its code (and, if they like, the file). */
export default function VerifyDocumentPage() {
  const { t } = useTranslation('verify');
  const errorMessage = useErrorMessage();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [codeProblem, setCodeProblem] = useState<string | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [hashing, setHashing] = useState(false);
  const verify = useVerifyDocument();
  const checkedFromLink = useRef(false);

  async function check(typed: string, chosen: File | null) {
    const normalized = normalizeDocumentCode(typed);
    if (!normalized) {
      setCodeProblem(t('codeInvalid'));
      return;
    }
    setCodeProblem(undefined);
    setHashing(chosen !== null);
    try {
      const fileSha256 = chosen ? await sha256OfFile(chosen) : undefined;
      await verify.mutateAsync({ code: normalized, ...(fileSha256 ? { fileSha256 } : {}) }).catch(() => undefined);
    } finally {
      setHashing(false);
    }
  }

  // The QR code's link carries the code: check it at once.
  useEffect(() => {
    const fromLink = params.get('code');
    if (fromLink && !checkedFromLink.current) {
      checkedFromLink.current = true;
      void check(fromLink, null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the code the page opened with
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check(code, file);
  };

  const failure = verify.isError
    ? isApiError(verify.error) && verify.error.status === 404
      ? t('unknownCode')
      : errorMessage(verify.error)
    : undefined;

  return (
    <article className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{t('pageTitle')}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-3 text-slate-700">{t('intro')}</p>
      <form method="post" noValidate onSubmit={onSubmit} className="mt-8 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <TextField
          label={t('codeLabel')}
          hint={t('codeHint')}
          error={codeProblem}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
        />
        <div>
          <label htmlFor="verify-file" className="block text-sm font-medium text-slate-800">
            {t('fileLabel')}
          </label>
          <p id="verify-file-hint" className="mt-1 text-sm text-slate-600">
            {t('fileHint')}
          </p>
          <input
            id="verify-file"
            type="file"
            accept="application/pdf,.pdf"
            aria-describedby="verify-file-hint"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="mt-2 block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-900"
          />
        </div>
        <Button type="submit" busy={verify.isPending || hashing} busyText={t('checking')} className="w-full sm:w-auto">
          {t('submit')}
        </Button>
      </form>
      <div className="mt-8 space-y-4" aria-live="polite">
        {failure && <Alert tone="error" title={failure} />}
        {verify.isSuccess && <Verdict result={verify.data} />}
      </div>
    </article>
  );
}
