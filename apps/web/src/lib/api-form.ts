import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type SubmitErrorHandler, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from './errors';
import { useFormDraft } from './form-draft';

/** A form's schema from the shared contracts: what is typed (strings) in, what is sent out. */
type FormSchema<TInput extends FieldValues, TOutput> = z.ZodType<TOutput, TInput>;

export interface ApiFormOptions<TInput extends FieldValues, TOutput> {
  /**
   * The shared contract's schema the form is checked with, or a function that loads it when the
   * form is first checked (the landing page's form: zod stays out of the page's first download).
   */
  schema: FormSchema<TInput, TOutput> | (() => Promise<FormSchema<TInput, TOutput>>);
  /** Every field of the form; the API's field errors are placed under these names. */
  defaultValues: DefaultValues<TInput> & TInput;
  /**
   * Sends the checked values. Returning means it went through (a draft is then cleared); throwing
   * (an ApiError) is shown by `showError`. Without it, `submit` only checks: the form sends
   * elsewhere (after a confirmation) and shows its failures with `showError` itself.
   */
  onSubmit?: (values: TOutput) => Promise<void> | void;
  /** Called when the form is submitted with invalid fields (after the first of them has the focus). */
  onInvalid?: SubmitErrorHandler<TInput>;
  /**
   * A refusal this form shows its own way: return `true` once shown (under a field, in a part of
   * its own), or a sentence to say above the form instead of the common one when no field can take
   * it. Anything else (undefined) takes the usual way.
   */
  onError?: (error: unknown) => true | string | undefined;
  /** Long texts kept through a sign-out under this name (lib/form-draft.ts), cleared once sent. */
  draft?: { name: string; fields: readonly Path<TInput>[] };
  /**
   * After a submit, fields are checked again as they change (the default), or only at the next
   * submit: a PIN typed again after a wrong one keeps the API's sentence (the tries left) in view,
   * instead of "Your PIN is 5 digits" at each digit.
   */
  recheck?: 'onChange' | 'onSubmit';
}

export type ApiForm<TInput extends FieldValues, TOutput> = UseFormReturn<TInput, unknown, TOutput> & {
  /** The form element's `onSubmit`: checks, sends once at a time (a second submit while busy is ignored). */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** True while a submit is being checked or sent: the submit button's `busy`. */
  busy: boolean;
  /** The sentence for a refusal that no field could show, in the reader's language; cleared when sent again. */
  failure: string | null;
  setFailure: (failure: string | null) => void;
  /** Shows a failed call: the form's own way (onError), else under the fields the API names, else as `failure`. */
  showError: (error: unknown) => void;
  /** The message under a field (the schema's or the API's), in the reader's language. */
  fieldError: (name: Path<TInput>) => string | undefined;
};

/** The resolver of a schema given at once, or of one loaded at the first check. */
function resolverOf<TInput extends FieldValues, TOutput>(schema: ApiFormOptions<TInput, TOutput>['schema']): Resolver<TInput, unknown, TOutput> {
  if (typeof schema !== 'function') return zodResolver(schema);
  return async (values, context, options) => zodResolver(await schema())(values, context, options);
}

/**
 * The set-up every form of the app shares (react-hook-form with the shared zod schema): the
 * schema's messages under the fields in the reader's language, the focus on the first wrong field,
 * the API's `validation_failed` fields under the form's own fields (the first focused), any other
 * refusal as one sentence (`failure`), the busy state, and optionally a draft kept through a
 * sign-out. The form still renders its own fields; `<form method="post" noValidate onSubmit={submit}>`
 * keeps a submit made before the app was live for boot.ts to replay (decision 0036).
 */
export function useApiForm<TInput extends FieldValues, TOutput>(options: ApiFormOptions<TInput, TOutput>): ApiForm<TInput, TOutput> {
  const { schema, defaultValues, onSubmit, onInvalid, onError, draft: keep, recheck = 'onChange' } = options;
  const translate = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useMemo(() => resolverOf(schema), [schema]);
  const form = useForm<TInput, unknown, TOutput>({ resolver, defaultValues, reValidateMode: recheck });
  const draft = useFormDraft(keep?.name ?? null, form, keep?.fields ?? []);
  // Read during render, so that the form state proxy re-renders the form when they change.
  const { errors, isSubmitting: busy } = form.formState;
  const sending = useRef(false);
  // The names the form started with are its fields, whatever the API answers about.
  const [fields] = useState(() => Object.keys(defaultValues) as Path<TInput>[]);

  const showError = (error: unknown) => {
    const own = onError?.(error);
    if (own === true) return;
    if (applyFieldErrors(error, form.setError, fields)) return;
    setFailure(own ?? errorMessage(error));
  };

  const checkAndSend = form.handleSubmit(async (values) => {
    if (!onSubmit) return;
    setFailure(null);
    try {
      await onSubmit(values);
      draft.clear();
    } catch (error) {
      showError(error);
    }
  }, onInvalid);

  const submit = async (event?: BaseSyntheticEvent) => {
    if (sending.current) {
      // The first submit is still checked or sent: this one would send the same form twice.
      event?.preventDefault();
      return;
    }
    sending.current = true;
    try {
      await checkAndSend(event);
    } finally {
      sending.current = false;
    }
  };

  const fieldError = (name: Path<TInput>): string | undefined => translate((get(errors, name) as { message?: string } | undefined)?.message);

  return { ...form, submit, busy, failure, setFailure, showError, fieldError };
}
