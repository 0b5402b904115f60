/** Navigation state that opens the link-a-bank-account form when the account page appears. */
export const openLinkFormState = { openLinkForm: true } as const;

export function wantsLinkForm(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'openLinkForm' in state && state.openLinkForm === true;
}
