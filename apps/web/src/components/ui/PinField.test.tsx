// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PinField, typedPin } from './PinField';
import { componentTestHooks } from '../../test/component';

/** A PinField holding its own value, as a form would. */
function Pin({ error, hint, initial = '' }: { error?: string; hint?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Suspense fallback="loading">
      <PinField label="Payment PIN" hint={hint} error={error} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </Suspense>
  );
}

const input = () => screen.getByLabelText('Payment PIN');
const boxes = () => Array.from(screen.getByTestId('pin-boxes').children).map((box) => box.textContent);
const type = (value: string) => fireEvent.change(input(), { target: { value } });

const inLanguage = componentTestHooks({ namespaces: [] });

describe('typedPin', () => {
  it('keeps the digits, Bangla ones read as Latin, at most five', () => {
    expect(typedPin('২৪৬৮০')).toBe('24680');
    expect(typedPin(' 24 6-80 ')).toBe('24680');
    expect(typedPin('১২৩৪৫৬৭')).toBe('12345');
    expect(typedPin('abc')).toBe('');
  });
});

describe('PinField', () => {
  it('is one labelled, masked field with the number pad, drawn as five boxes a screen reader does not meet', async () => {
    render(<Pin hint="The 5 digits you chose" />);
    const field = await screen.findByLabelText('Payment PIN');
    expect(field.tagName).toBe('INPUT');
    expect(field.getAttribute('type')).toBe('password');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(screen.getByTestId('pin-boxes').getAttribute('aria-hidden')).toBe('true');
    expect(boxes()).toEqual(['', '', '', '', '']);
    // The hint describes the field.
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual(['The 5 digits you chose']);
  });

  it('reads Bangla digits typed or pasted as Latin ones, drops the rest, and shows a dot per digit', async () => {
    render(<Pin />);
    await screen.findByLabelText('Payment PIN');
    type('২৪৬');
    expect(screen.getByTestId('value').textContent).toBe('246');
    expect((input() as HTMLInputElement).value).toBe('246');
    expect(boxes()).toEqual(['•', '•', '•', '', '']);
    // A paste with spaces, a dash and more than five digits.
    type('২৪ ৬-৮০১');
    expect(screen.getByTestId('value').textContent).toBe('24680');
    expect(boxes()).toEqual(['•', '•', '•', '•', '•']);
    type('2468a');
    expect(screen.getByTestId('value').textContent).toBe('2468');
  });

  it('shows the digits on request, in the reader’s numerals, and hides them again', async () => {
    await inLanguage('bn');
    render(<Pin initial="24680" />);
    const show = await screen.findByRole('button', { name: 'পিন দেখান' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(show);
    expect(show.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Payment PIN').getAttribute('type')).toBe('text');
    expect(boxes()).toEqual(['২', '৪', '৬', '৮', '০']);
    fireEvent.click(show);
    expect(screen.getByLabelText('Payment PIN').getAttribute('type')).toBe('password');
    expect(boxes()).toEqual(['•', '•', '•', '•', '•']);
  });

  it('is invalid and described by its error (not the hint) when there is one', async () => {
    render(<Pin hint="The 5 digits you chose" error="This PIN is not right. 2 tries are left before payments are blocked." />);
    const field = await screen.findByLabelText('Payment PIN');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual(['This PIN is not right. 2 tries are left before payments are blocked.']);
    expect(screen.queryByText('The 5 digits you chose')).toBeNull();
  });
});
