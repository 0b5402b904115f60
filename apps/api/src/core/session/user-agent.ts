/**
 * What a person recognises of a session's browser: its name and the device or system it runs on,
 * told from the User-Agent header (Settings' signed-in devices, the new-device mail; decision 0043).
 * Deliberately small and honest: only what the header states plainly is named, and anything else
 * is `null` ("Unknown browser"), never a guess. A header is whatever the client chose to send, so
 * this describes a session; it proves nothing about it.
 */
export interface UserAgentDescription {
  /** "Chrome", "Safari", "Firefox", "Edge", "Opera", "Samsung Internet", "UC Browser"; null: unknown. */
  browser: string | null;
  /** "iPhone", "iPad", "Android", "Windows", "Mac", "ChromeOS", "Linux"; null: unknown. */
  device: string | null;
}

/**
 * First match wins: browsers built on Chrome or Safari name those too ("Edg/... Chrome/... Safari/..."),
 * so they come before them; iOS browsers all run on Safari's engine and name themselves by a token.
 */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:Edg|EdgA|EdgiOS)\//, 'Edge'],
  [/\b(?:OPR|OPiOS|OPT)\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:CriOS|HeadlessChrome|Chrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** The iPhone and iPad say "like Mac OS X", and Android says "Linux": the specific names come first. */
const DEVICES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (text: string, table: ReadonlyArray<readonly [RegExp, string]>) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** Only a header that says it is a browser ("Mozilla/5.0 (...)") is read; curl, scripts and apps are unknown. */
export function describeUserAgent(userAgent: string | null | undefined): UserAgentDescription {
  if (!userAgent || !/^Mozilla\/5\.0 \(/.test(userAgent)) return { browser: null, device: null };
  return { browser: firstMatch(userAgent, BROWSERS), device: firstMatch(userAgent, DEVICES) };
}
