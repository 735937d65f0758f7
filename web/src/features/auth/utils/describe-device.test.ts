import { describe, expect, it } from 'vitest';

import { changeLocale } from '@/lib/i18n/i18n';
import { fixedT } from '@/lib/i18n/translation';

import { describeDevice } from './describe-device';

// The English catalogue, which the test setup loads.
const t = fixedT('account');

describe('describeDevice', () => {
  it('names the browser and system of common user agents', () => {
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', t)).toBe(
      'Firefox on Linux',
    );
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        t,
      ),
    ).toBe('Safari on iOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
        t,
      ),
    ).toBe('Chrome on Windows');
  });

  it('falls back to what it can read, then to "Unknown device"', () => {
    expect(describeDevice(null, t)).toBe('Unknown device');
    expect(describeDevice('', t)).toBe('Unknown device');
    expect(describeDevice('curl/8.5.0', t)).toBe('Unknown device');
  });

  it('speaks German', async () => {
    await changeLocale('de');
    try {
      expect(
        describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', t),
      ).toBe('Firefox auf Linux');
      expect(describeDevice(null, t)).toBe('Unbekanntes Gerät');
    } finally {
      await changeLocale('en');
    }
  });
});
