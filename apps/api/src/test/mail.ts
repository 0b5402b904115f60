/** Undoes quoted-printable soft line breaks and escapes, enough to read links from a raw mail. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function resetLinkIn(rawMail: string): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/resetpassword#token=([\w-]+))/.exec(decodeQuotedPrintable(rawMail));
  if (!match) throw new Error('no reset link in the mail');
  return { link: match[1]!, token: match[2]! };
}

/**
 * A raw .eml as a person reads it: the subject's encoded words (=?UTF-8?B?...?= / ?Q?) and the
 * body (quoted-printable or base64) decoded as UTF-8. Enough for the single-part text mails sent here.
 */
export function readMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const bytes = (text: string) => Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      (kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : bytes(data.replaceAll('_', ' '))).toString('utf8'),
    );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? bytes(body).toString('utf8') : body;
  return { subject, text };
}
