import type { PasswordPerson } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { usePasswordStrength } from '../../lib/password-strength';

const BAR_COLOURS = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-brand-700', 'bg-brand-700'];

/**
 * Under a new-password field: how strong the typed password is, and zxcvbn-ts's advice in the
 * page's language. The same rule refuses it at submit (and on the server).
 */
export function PasswordStrengthHint({ password, person }: { password: string; person: PasswordPerson }) {
  const { t } = useTranslation('password');
  const strength = usePasswordStrength(password, person);
  if (!password) return null;
  const advice = strength && !strength.strongEnough ? [strength.warning && t(`warnings.${strength.warning}`), strength.suggestions[0] && t(`suggestions.${strength.suggestions[0]}`)] : [];
  return (
    <div data-testid="password-strength" aria-live="polite" className="-mt-3 space-y-1 text-xs">
      {strength === null ? (
        <p className="text-slate-600">{t('checking')}</p>
      ) : (
        <>
          <div className="flex gap-1" role="meter" aria-label={t('meter')} aria-valuemin={0} aria-valuemax={4} aria-valuenow={strength.score} aria-valuetext={t(`score.${strength.score}`)}>
            {[1, 2, 3, 4].map((step) => (
              <span key={step} className={`h-1.5 flex-1 rounded-full ${step <= Math.max(1, strength.score) ? BAR_COLOURS[strength.score] : 'bg-slate-200'}`} />
            ))}
          </div>
          <p className={strength.strongEnough ? 'font-medium text-brand-800' : 'font-medium text-red-700'}>{t(`score.${strength.score}`)}</p>
          {advice.filter(Boolean).map((text) => (
            <p key={text as string} className="text-slate-700">
              {text}
            </p>
          ))}
        </>
      )}
    </div>
  );
}
