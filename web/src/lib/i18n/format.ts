import { useMemo } from 'react';
import { useTranslation } from './translation';

/** The Intl locale of each language: American English keeps docs/spec.md's formats (e.g. "Jan 5, 2026"). */
const INTL_LOCALES = { en: 'en-US', de: 'de-DE' } as const;

/** The formats the app shows dates, numbers and money in, built once per language. */
function formatsFor(language: string) {
  const locale = INTL_LOCALES[language as keyof typeof INTL_LOCALES] ?? INTL_LOCALES.en;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  const weekdayDate = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  const dayMonth = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const count = new Intl.NumberFormat(locale);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const money = new Map<string, Intl.NumberFormat>();
  return {
    locale,
    /** "Jan 5, 2026" / "05.01.2026" */
    date: (value: string | number | Date) => date.format(new Date(value)),
    /** "Jan 5, 2026, 3:04 PM" / "05.01.2026, 15:04" */
    dateTime: (value: string | number | Date) => dateTime.format(new Date(value)),
    /** "January 5, 2026" / "5. Januar 2026" */
    longDate: (value: string | number | Date) => longDate.format(new Date(value)),
    /** Two dates as one span, sharing what they share: "Jan 5 – Feb 5, 2026" / "05.01.–05.02.2026" */
    dateRange: (start: string | number | Date, end: string | number | Date) =>
      date.formatRange(new Date(start), new Date(end)),
    /** "Monday, January 5, 2026" / "Montag, 5. Januar 2026" */
    weekdayDate: (value: string | number | Date) => weekdayDate.format(new Date(value)),
    /** A UTC day: "Jan 5" / "5. Jan." */
    dayMonth: (value: string | number | Date) => dayMonth.format(new Date(value)),
    count: (value: number) => count.format(value),
    /** "in 3 days", "yesterday" / "in 3 Tagen", "gestern" */
    relative: (value: number, unit: Intl.RelativeTimeFormatUnit) => relative.format(value, unit),
    /**
     * An amount in the currency's minor units (cents): 1900 USD → "$19.00" / "19,00 $", with the currency's own
     * decimals (none for JPY); `whole` drops zero cents ("$19"). A code Intl does not know shows beside the count.
     */
    money: (minorUnits: number, currency: string, { whole = false } = {}) => {
      const code = currency.toUpperCase();
      const key = `${code} ${whole}`;
      let format = money.get(key);
      try {
        format ??= new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: code,
          trailingZeroDisplay: whole ? 'stripIfInteger' : 'auto',
        });
      } catch {
        return `${count.format(minorUnits)} ${code}`;
      }
      money.set(key, format);
      return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
    },
  };
}

export type Formats = ReturnType<typeof formatsFor>;

/** The formats of the app's current language; a component using them re-renders when the language changes. */
export function useFormat(): Formats {
  const { i18n } = useTranslation();
  return useMemo(() => formatsFor(i18n.language), [i18n.language]);
}
