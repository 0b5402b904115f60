import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { TextField } from '../../../components/ui/TextField';
import { useHelpLine } from '../../../lib/help-line';
import { useLocalDigits } from '../../../lib/use-local-digits';

/** The spec's seven topics, in its order; texts are in the help namespace under faqs.items. */
const QUESTIONS = ['phones', 'lostDevice', 'signUp', 'security', 'idle', 'addMoney', 'helpLine'] as const;

/** Lower-cased and in one Unicode form, so a search is not thrown by case or by how a Bangla letter was typed. */
const normalise = (text: string) => text.toLocaleLowerCase().normalize('NFC');

/**
 * /dashboard/Faqs: seven questions as native disclosure widgets (<details>/<summary>: keyboard and
 * screen readers know them), with a search box over questions and answers.
 */
export default function FaqsPage() {
  const { t } = useTranslation('help');
  const helpLine = useHelpLine();
  const digits = useLocalDigits();
  const [query, setQuery] = useState('');
  // Which questions are open: the call link is rendered only in an open answer, where Tab can reach it.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string, isOpen: boolean) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (isOpen) next.add(key);
      else next.delete(key);
      return next;
    });
  const deferred = normalise(useDeferredValue(query).trim());
  const phone = helpLine.data ? digits(helpLine.data.display) : '…';
  const items = QUESTIONS.map((key) => ({ key, question: t(`faqs.items.${key}.q`), answer: t(`faqs.items.${key}.a`, { phone }) }));
  const shown = deferred ? items.filter((item) => normalise(`${item.question} ${item.answer}`).includes(deferred)) : items;

  return (
    <>
      <title>{t('faqs.pageTitle')}</title>
      <PageHeader title={t('faqs.title')} subtitle={t('faqs.lead')} />
      <div className="max-w-3xl space-y-5">
        <div role="search">
          <TextField label={t('faqs.search')} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
        </div>
        <p role="status" className="sr-only">
          {t('faqs.count', { count: shown.length })}
        </p>
        {shown.length === 0 && <p className="rounded-lg bg-slate-100 px-4 py-3 text-slate-700">{t('faqs.none')}</p>}
        <div className="space-y-3">
          {shown.map((item) => (
            <details key={item.key} onToggle={(event) => toggle(item.key, event.currentTarget.open)} className="group rounded-xl border border-slate-200 bg-white shadow-xs open:border-brand-200">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                <span>{item.question}</span>
                <span aria-hidden="true" className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <div className="px-4 pb-4 text-slate-700">
                <p>{item.answer}</p>
                {item.key === 'helpLine' && helpLine.data && open.has(item.key) && (
                  <a href={`tel:${helpLine.data.phone}`} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
                    {t('faqs.call', { phone })}
                  </a>
                )}
              </div>
            </details>
          ))}
        </div>
      </div>
    </>
  );
}
