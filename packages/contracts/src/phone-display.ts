/**
 * An E.164 number as people here read it: a Bangladeshi mobile number in the local format
 * ("01712-345678"), any other as stored. Kept apart from phone.ts and free of the numbering-plan
 * data, so the statement and the dashboard can show numbers without downloading it.
 */
export function formatPhoneLocal(e164: string): string {
  const mobile = /^\+880(1\d{3})(\d{6})$/.exec(e164);
  return mobile ? `0${mobile[1]}-${mobile[2]}` : e164;
}
