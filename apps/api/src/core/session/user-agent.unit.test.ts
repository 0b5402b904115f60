import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.js';

/** Real User-Agent headers of the browsers people in Bangladesh use, and some that are not browsers. */
const cases: Array<[string, string, string | null, string | null]> = [
  ['Chrome on Android', 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36', 'Chrome', 'Android'],
  ['Safari on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1', 'Safari', 'iPhone'],
  ['Chrome on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome', 'iPhone'],
  ['Firefox on iPad', 'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15', 'Firefox', 'iPad'],
  ['Chrome on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Windows'],
  ['Edge on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70', 'Edge', 'Windows'],
  ['Firefox on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Windows'],
  ['Safari on Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari', 'Mac'],
  ['Opera on Android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 OPR/86.0.0.0', 'Opera', 'Android'],
  ['Samsung Internet', 'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android'],
  ['Chrome on ChromeOS', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'ChromeOS'],
  ['headless Chrome on Linux (the browser tests)', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36', 'Chrome', 'Linux'],
  ['Android WebView in an app', 'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.81 Mobile Safari/537.36', 'Chrome', 'Android'],
  ['a browser not in the table', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) SomeBrowser/1.0', null, 'Linux'],
];

describe('describeUserAgent', () => {
  it.each(cases)('%s', (_name, header, browser, device) => {
    expect(describeUserAgent(header)).toEqual({ browser, device });
  });

  it('names nothing for what is not a browser, or no header at all', () => {
    for (const header of ['curl/8.5.0', 'node', 'okhttp/4.12.0', 'PostmanRuntime/7.42.0', 'bench', 'lightMyRequest', '', null, undefined]) {
      expect(describeUserAgent(header), String(header)).toEqual({ browser: null, device: null });
    }
  });

  it('is not fooled into naming a device by a word inside another word', () => {
    expect(describeUserAgent('Mozilla/5.0 (Xandroid; Windowsill) Chromeish/1.0')).toEqual({ browser: null, device: null });
  });
});
