import Bowser from 'bowser';

/**
 * A session's browser and system as a person names them ("Firefox on Linux", "Safari on iOS"), from the user agent
 * the session was issued to; a missing or unreadable one is an "Unknown device".
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown device';
}
