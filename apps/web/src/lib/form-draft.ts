import { useCallback, useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useSession } from '../session';

const PREFIX = 'poisha.draft.';

/** Where a signed-in user's draft of a form is kept: per user, so another account never sees it. */
export const draftKey = (userId: string, form: string) => `${PREFIX}${userId}.${form}`;

function read(key: string): Record<string, string> | null {
  try {
    const stored = window.sessionStorage.getItem(key);
    return stored ? (JSON.parse(stored) as Record<string, string>) : null;
  } catch {
    return null;
  }
}

function write(key: string, values: Record<string, string>) {
  try {
    if (Object.values(values).every((value) => value.trim() === '')) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage may be full or refused (private modes): the form still works, without a draft.
  }
}

/**
 * Keeps what a signed-in user types into a long form (a support ticket, a review) in this tab's
 * sessionStorage, so that a sign-out (the 10-minute idle rule) does not lose it: after signing in
 * again the form comes back filled. Kept per user and per tab (gone with the tab, never on the
 * server); `clear` once the form has been sent. A form without a draft (`form` null) keeps nothing.
 */
export function useFormDraft<T extends FieldValues>(form: string | null, { watch, setValue }: Pick<UseFormReturn<T>, 'watch' | 'setValue'>, fields: readonly Path<T>[]): { clear: () => void } {
  const userId = useSession().data?.user.id;
  const key = userId && form !== null ? draftKey(userId, form) : null;

  useEffect(() => {
    if (!key) return;
    const draft = read(key);
    if (draft) {
      for (const field of fields) {
        const value = draft[field];
        if (typeof value === 'string' && value !== '') setValue(field, value as PathValue<T, Path<T>>, { shouldDirty: true });
      }
    }
    const subscription = watch((values, { name }) => {
      // Other fields (a category, a select) change nothing kept; a reset (no name) is written.
      if (name !== undefined && !fields.includes(name)) return;
      write(key, Object.fromEntries(fields.map((field) => [field, String((values as Record<string, unknown>)[field] ?? '')])));
    });
    return () => subscription.unsubscribe();
    // The fields are a constant list of the form's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, watch, setValue]);

  const clear = useCallback(() => {
    if (!key) return;
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  }, [key]);
  return { clear };
}
