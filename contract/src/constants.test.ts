import { describe, expect, it } from 'vitest';

import * as contract from './index.ts';

import { localBillingPaths, MAX_PAGE_SIZE, NEXT_CURSOR_HEADER } from './constants.ts';

describe('@app/contract/constants', () => {
  it('is re-exported by the index, for the server and the rest of the web', () => {
    expect(contract.NEXT_CURSOR_HEADER).toBe(NEXT_CURSOR_HEADER);
    expect(contract.MAX_PAGE_SIZE).toBe(MAX_PAGE_SIZE);
    expect(contract.localBillingPaths).toBe(localBillingPaths);
  });

  it('builds the test-mode billing pages with their parameters encoded', () => {
    expect(localBillingPaths.checkout('cs_1/2')).toBe('/billing/checkout/cs_1%2F2');
    expect(localBillingPaths.portal('a&b=c')).toBe('/billing/portal?tenant=a%26b%3Dc');
  });

  it('keeps the page size the list schema accepts', () => {
    expect(contract.PageQuerySchema.parse({})).toEqual({ limit: MAX_PAGE_SIZE });
    expect(contract.PageQuerySchema.safeParse({ limit: MAX_PAGE_SIZE + 1 }).success).toBe(false);
  });
});
