/**
 * Building an Intl formatter is costly (ICU data for the locale; about 20 ms each on a slow phone
 * in a profile of the dashboard) and a screen formats many values: `build` runs once per locale
 * and options, and the formatter it made serves every later call with them.
 */
export function cachedFormatters<Options, Formatter>(build: (locale: string, options: Options) => Formatter): (locale: string, options: Options) => Formatter {
  const built = new Map<string, Formatter>();
  return (locale, options) => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let found = built.get(key);
    if (!found) {
      found = build(locale, options);
      built.set(key, found);
    }
    return found;
  };
}
