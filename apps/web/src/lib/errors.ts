import { errorCodes } from '@poisha/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { clientErrorCodes, isApiError } from './api-client';
import { messageKeys } from './error-messages';
import { translateMessage } from './i18n';

/** Where the app's own error sentences (common) and the translated API and schema messages (validation) are. */
const MESSAGE_NAMESPACES = ['common', 'validation'];

/** Translates an English message from a schema or the API; undefined stays undefined. */
export function useTranslateMessage() {
  // Waits for the "validation" texts, so a message never shows in English for a Bangla reader.
  const { t } = useTranslation(MESSAGE_NAMESPACES);
  return useCallback((message: string | undefined) => (message ? translateMessage(t, message) : undefined), [t]);
}

/** The sentence to show a person for a failed call, in their language, chosen by the error's code. */
export function useErrorMessage() {
  const { t } = useTranslation(MESSAGE_NAMESPACES);
  return useCallback(
    (error: unknown): string => {
      if (!isApiError(error)) return t('errors.generic');
      if (error.code === clientErrorCodes.network) return t('errors.network');
      if (error.code === errorCodes.rateLimited) {
        const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
        return t('errors.rateLimited', { count: minutes });
      }
      if (error.code === clientErrorCodes.invalidResponse || error.status >= 500) return t('errors.generic');
      const key = messageKeys[error.code];
      return key ? t(key) : translateMessage(t, error.message);
    },
    [t],
  );
}

/**
 * Puts the API's field errors under the form's own fields. Returns true when every problem found a
 * field, so the caller knows whether a general message is still needed.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries(error.fields);
  if (entries.length === 0) return false;
  let allPlaced = true;
  let first = true;
  for (const [name, message] of entries) {
    const field = fields.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      allPlaced = false;
    }
  }
  return allPlaced;
}
