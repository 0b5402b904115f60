/**
 * Where the payment PIN is looked after, for the links to it from the payments, the dashboard's
 * notice and the phone proof (a module of its own: the dashboard's first screen links here without
 * the PIN step's code).
 */

/** Where the first PIN is chosen. */
export const SET_PIN_PATH = '/dashboard/setPin';

/** Where a blocked or forgotten PIN is reset, and a PIN changed: the Settings card. */
export const PIN_SETTINGS_PATH = '/dashboard/Setting#settings-pin';

/** What the "Set your payment PIN" page is handed: the screen to go back to once the PIN is set. */
export interface SetPinState {
  returnTo?: string;
}
