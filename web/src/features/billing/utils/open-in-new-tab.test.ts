import { afterEach, describe, expect, it, vi } from 'vitest';

import { openInNewTab } from './open-in-new-tab';

afterEach(() => vi.unstubAllGlobals());

/** A real blank document stands in for the new tab's. */
function fakeTab() {
  return {
    opener: window as unknown,
    closed: false,
    close: vi.fn(),
    document: document.implementation.createHTMLDocument(''),
    location: { href: 'about:blank' },
  };
}

describe('openInNewTab', () => {
  it('opens the tab before the URL is known, says what it waits for, then sends it there', async () => {
    const tab = fakeTab();
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    let resolve!: (url: string) => void;
    const opening = openInNewTab(() => new Promise((r) => (resolve = r)), 'Opening checkout…');
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect([tab.document.title, tab.document.body.textContent]).toEqual([
      'Opening checkout…',
      'Opening checkout…',
    ]);
    resolve('/billing/checkout/abc');
    await opening;
    expect(tab.location.href).toBe('http://localhost:3000/billing/checkout/abc');
  });

  it('closes the tab and fails when the URL cannot be had', async () => {
    const tab = fakeTab();
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    await expect(openInNewTab(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
  });

  it('goes there in this tab when no tab could be opened', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { href: 'http://localhost:3000/subscription', assign });
    await openInNewTab(() => Promise.resolve('https://billing.example.com/session'));
    expect(assign).toHaveBeenCalledWith('https://billing.example.com/session');
  });
});
