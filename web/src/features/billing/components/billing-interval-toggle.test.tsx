import type { BillingInterval } from '@app/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { BillingIntervalToggle } from './billing-interval-toggle';

function Toggle({ initial }: { initial: BillingInterval }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <BillingIntervalToggle value={value} onValueChange={setValue} />
      <output>{value}</output>
    </>
  );
}

const checked = () =>
  screen
    .getAllByRole('radio')
    .filter((radio) => radio.getAttribute('aria-checked') === 'true')
    .map((radio) => radio.textContent);

describe('BillingIntervalToggle', () => {
  it("is one radio group of Monthly and Annual, annual labelled 'Save 50%'", () => {
    render(<Toggle initial="annual" />);
    expect(screen.getByRole('radiogroup', { name: 'Billing interval' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      'Monthly',
      'AnnualSave 50%',
    ]);
    expect(checked()).toEqual(['AnnualSave 50%']);
  });

  it('switches both ways', async () => {
    render(<Toggle initial="annual" />);
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(checked()).toEqual(['Monthly']);
    expect(screen.getByRole('status').textContent).toBe('monthly');
    await userEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(checked()).toEqual(['AnnualSave 50%']);
    expect(screen.getByRole('status').textContent).toBe('annual');
  });
});
