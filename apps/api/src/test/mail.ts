/** Undoes quoted-printable soft line breaks and escapes, enough to read links from a raw mail. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function resetLinkIn(rawMail: string): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/resetpassword#token=([\w-]+))/.exec(decodeQuotedPrintable(rawMail));
  if (!match) throw new Error('no reset link in the mail');
  return { link: match[1]!, token: match[2]! };
}
