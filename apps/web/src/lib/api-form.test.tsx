// @vitest-environment jsdom
import { contactRequestSchema, type SessionResponse } from '@poisha/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { TextAreaField } from '../components/ui/TextAreaField';
import { TextField } from '../components/ui/TextField';
import { sessionQueryKey } from '../session';
import { ApiError } from './api-client';
import { useApiForm, type ApiFormOptions } from './api-form';
import { draftKey } from './form-draft';
import { componentTestHooks } from '../test/component';

type ContactInput = z.input<typeof contactRequestSchema>;
type ContactOutput = z.output<typeof contactRequestSchema>;
type Send = (values: ContactOutput) => Promise<void>;

/** A form built the way the app's forms are: the real contract schema, the real fields and texts. */
function ContactTestForm({ send, onError, keepDraft = false }: { send: Send; onError?: ApiFormOptions<ContactInput, ContactOutput>['onError']; keepDraft?: boolean }) {
  const { register, submit, busy, failure, fieldError } = useApiForm({
    schema: contactRequestSchema,
    defaultValues: { name: '', email: '', message: '' },
    onSubmit: send,
    onError,
    draft: keepDraft ? { name: 'test-contact', fields: ['message'] } : undefined,
  });
  return (
    <form method="post" noValidate onSubmit={submit} aria-label="Contact">
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField label="Name" error={fieldError('name')} {...register('name')} />
      <TextField label="Email" error={fieldError('email')} {...register('email')} />
      <TextAreaField label="Message" error={fieldError('message')} {...register('message')} />
      <Button type="submit" busy={busy} busyText="Sending">
        Send
      </Button>
    </form>
  );
}

const signedInUser = { id: 'user-1' } as SessionResponse['user'];

function renderForm(props: Parameters<typeof ContactTestForm>[0], { signedIn = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The session the app would have fetched at start: drafts are kept per signed-in user.
  client.setQueryData(sessionQueryKey, signedIn ? ({ user: signedInUser } as SessionResponse) : null);
  const view = (
    <QueryClientProvider client={client}>
      <Suspense fallback="loading">
        <ContactTestForm {...props} />
      </Suspense>
    </QueryClientProvider>
  );
  return render(view);
}

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const submitForm = () => fireEvent.submit(screen.getByRole('form', { name: 'Contact' }));
const fillValid = () => {
  type('Name', 'Rahim Uddin');
  type('Email', 'Rahim@Example.com');
  type('Message', 'Where is my deposit?');
};
/** The API's 400 for a body its schema refuses: the first problem's sentence, and every problem by field. */
const validationFailed = (fields: Record<string, string>) => new ApiError(400, 'validation_failed', Object.values(fields)[0] ?? '', fields);

const inLanguage = componentTestHooks({ namespaces: ['common', 'validation'], beforeEachTest: () => window.sessionStorage.clear() });

describe('useApiForm: a field rule', () => {
  it('waits for the submit (not a blur), then shows the schema’s message under the field and focuses the first wrong field', async () => {
    const send = vi.fn<Send>();
    renderForm({ send });
    fireEvent.focus(field('Name'));
    fireEvent.blur(field('Name'));
    type('Email', 'not an address');
    fireEvent.blur(field('Email'));
    expect(screen.queryByText('Name is Required')).toBeNull();

    submitForm();
    expect(await screen.findByText('Name is Required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));
    expect(send).not.toHaveBeenCalled();

    // After a submit, a corrected field is checked again as it changes.
    type('Name', 'Rahim Uddin');
    await waitFor(() => expect(screen.queryByText('Name is Required')).toBeNull());
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
  });

  it('says the same rule in Bangla to a Bangla reader', async () => {
    await inLanguage('bn');
    renderForm({ send: vi.fn<Send>() });
    type('Email', 'not an address');
    submitForm();
    expect(await screen.findByText('নাম দেওয়া আবশ্যক')).toBeTruthy();
    expect(screen.getByText('একটি সঠিক ইমেইল ঠিকানা দিন')).toBeTruthy();
    expect(screen.queryByText('Name is Required')).toBeNull();
  });

  it('sends the schema’s output (trimmed, lower-cased), not what was typed', async () => {
    const send = vi.fn<Send>().mockResolvedValue(undefined);
    renderForm({ send });
    fillValid();
    submitForm();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toEqual({ name: 'Rahim Uddin', email: 'rahim@example.com', message: 'Where is my deposit?' });
  });
});

describe('useApiForm: the API’s refusal', () => {
  it('puts a 400 validation_failed’s fields under the form’s fields, in the reader’s language, focusing the first', async () => {
    await inLanguage('bn');
    renderForm({ send: vi.fn<Send>().mockRejectedValue(validationFailed({ email: 'Enter a valid email address', message: 'Message must be at most 2000 characters' })) });
    fillValid();
    submitForm();
    expect(await screen.findByText('একটি সঠিক ইমেইল ঠিকানা দিন')).toBeTruthy();
    expect(screen.getByText('বার্তা সর্বোচ্চ ২০০০ অক্ষরের হতে পারে')).toBeTruthy();
    expect(document.activeElement).toBe(field('Email'));
    // Every problem found its field: no sentence above the form.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a problem with a field the form does not have above the form', async () => {
    renderForm({ send: vi.fn<Send>().mockRejectedValue(validationFailed({ language: 'Invalid option', email: 'Enter a valid email address' })) });
    fillValid();
    submitForm();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Invalid option');
  });

  it('shows a 422 refusal as the form’s error, in the reader’s language, and clears it when sent again', async () => {
    await inLanguage('bn');
    const send = vi.fn<Send>().mockRejectedValueOnce(new ApiError(422, 'insufficient_funds', 'Insufficient funds')).mockResolvedValueOnce(undefined);
    renderForm({ send });
    fillValid();
    submitForm();
    expect((await screen.findByRole('alert')).textContent).toBe('এই পরিমাণের জন্য আপনার ব্যালেন্স যথেষ্ট নয়');
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();

    submitForm();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows a server failure or a lost connection as the common sentence, never the server’s words', async () => {
    const send = vi
      .fn<Send>()
      .mockRejectedValueOnce(new ApiError(500, 'internal_error', 'stack trace here'))
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'offline'));
    renderForm({ send });
    fillValid();
    submitForm();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    submitForm();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not reach Poisha. Check your connection and try again.'));
  });

  it('lets the form word a refusal its own way (onError), after the fields have had their turn', async () => {
    const onError = vi.fn((error: unknown) => (error instanceof ApiError && error.code === 'mail_unavailable' ? 'The mail is down' : undefined));
    const send = vi
      .fn<Send>()
      .mockRejectedValueOnce(new ApiError(503, 'mail_unavailable', 'Mail unavailable'))
      .mockRejectedValueOnce(validationFailed({ name: 'Name is Required' }));
    renderForm({ send, onError });
    fillValid();
    submitForm();
    expect((await screen.findByRole('alert')).textContent).toBe('The mail is down');
    submitForm();
    expect(await screen.findByText('Name is Required')).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(2);
  });
});

describe('useApiForm: busy', () => {
  it('holds the button and ignores a second submit while the first is being sent', async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn<Send>(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm({ send });
    fillValid();
    submitForm();
    const button = await screen.findByRole('button', { name: 'Sending' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');

    // Enter pressed again, or a submit held before the app was live replayed (boot.ts): still one request.
    submitForm();
    submitForm();
    await act(async () => {
      await Promise.resolve();
    });
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    const ready = await screen.findByRole('button', { name: 'Send' });
    expect(ready.hasAttribute('disabled')).toBe(false);
    submitForm();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });
});

describe('useApiForm: a draft', () => {
  it('keeps the long text of a signed-in user through a new render, and forgets it once sent', async () => {
    const send = vi.fn<Send>().mockResolvedValue(undefined);
    renderForm({ send, keepDraft: true }, { signedIn: true });
    type('Message', 'A long story about my deposit');
    await waitFor(() => expect(window.sessionStorage.getItem(draftKey(signedInUser.id, 'test-contact'))).toContain('A long story'));

    // Signed out and in again: the form comes back with the text.
    cleanup();
    renderForm({ send, keepDraft: true }, { signedIn: true });
    await waitFor(() => expect((field('Message') as HTMLTextAreaElement).value).toBe('A long story about my deposit'));

    type('Name', 'Rahim Uddin');
    type('Email', 'rahim@example.com');
    submitForm();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(window.sessionStorage.getItem(draftKey(signedInUser.id, 'test-contact'))).toBeNull());
  });

  it('keeps nothing for a form without a draft', async () => {
    renderForm({ send: vi.fn<Send>() }, { signedIn: true });
    type('Message', 'Nothing kept');
    await act(async () => {
      await Promise.resolve();
    });
    expect(window.sessionStorage.length).toBe(0);
  });
});
