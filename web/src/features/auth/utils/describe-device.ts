import Bowser from 'bowser';

import type { TFunction } from '@/lib/i18n/translation';

/**
 * A session's browser and system as a person names them ("Firefox on Linux", "Safari on iOS"), from the user agent
 * the session was issued to; a missing or unreadable one is an "Unknown device".
 */
export function describeDevice(userAgent: string | null, t: TFunction<'account'>): string {
  const unknown = t('device.unknown');
  if (!userAgent) return unknown;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return t('device.browserOnSystem', { browser, system });
  return browser || system || unknown;
}
