import type { StatementType } from '@poisha/contracts';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export const statementTabs = ['sent', 'received', 'all'] as const satisfies readonly StatementType[];

export const tabId = (type: StatementType) => `statement-tab-${type}`;
export const panelId = 'statement-panel';

/**
 * The three statement tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys, Home and End move
 * between tabs and select them at once.
 */
export function StatementTabs({ selected, onSelect }: { selected: StatementType; onSelect: (type: StatementType) => void }) {
  const { t } = useTranslation('statement');
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = statementTabs.indexOf(selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: statementTabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = statementTabs[(target + statementTabs.length) % statementTabs.length] ?? selected;
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t('tabs.label')}
      onKeyDown={onKeyDown}
      className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 sm:flex"
    >
      {statementTabs.map((type) => {
        const active = type === selected;
        return (
          <button
            key={type}
            id={tabId(type)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(type)}
            className={`min-h-11 rounded-lg px-2 py-1.5 text-sm leading-tight font-semibold transition-colors sm:px-5 sm:whitespace-nowrap ${
              active ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:bg-white/60 hover:text-slate-900'
            }`}
          >
            {t(`tabs.${type}`)}
          </button>
        );
      })}
    </div>
  );
}
