// Plans with limits on the web (docs/contract.md section 4): the usage meters of /subscription and the dashboard, and
// the invite and create-item dialogs at the limit, before sending and when the server answers 402.
import { mockEndpoint } from '@/testing/mocks/endpoint';
import type { TenantUsage } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { fakeBilling } from '@/testing/mocks/billing';
import { acme, ACME_UUID } from '@/testing/mocks/handlers';
import { fakeItems } from '@/testing/mocks/items';
import { server } from '@/testing/mocks/server';
import { fakeTeams } from '@/testing/mocks/teams';
import { renderApp, signIn } from '@/testing/render-app';

const MEMBERS_FULL = 'Your plan allows 3 members. Upgrade to add more.';
const ITEMS_FULL = 'Your plan allows 100 items. Upgrade to add more.';

function usageIs(usage: TenantUsage) {
  server.use(mockEndpoint('getUsage', () => HttpResponse.json(usage)));
}

const usageCard = async () =>
  within(
    (await screen.findByRole('heading', { level: 2, name: 'Plan usage' })).closest<HTMLElement>(
      '[data-slot=card]',
    )!,
  );

describe('usage meters', () => {
  it('show members and items against the plan on /subscription, as text and as progress bars', async () => {
    fakeBilling();
    usageIs({ plan_id: 'starter', members: { used: 4, limit: 5 }, items: { used: 12, limit: 1000 } });
    signIn();
    renderApp('/subscription');
    const card = await usageCard();
    expect(await card.findByText('4 of 5 members')).toBeTruthy();
    expect(card.getByText('12 of 1000 items')).toBeTruthy();
    const members = card.getByRole('progressbar', { name: 'Members' });
    expect(members.getAttribute('aria-valuenow')).toBe('4');
    expect(members.getAttribute('aria-valuemax')).toBe('5');
    expect(members.getAttribute('aria-valuetext')).toBe('4 of 5 members');
  });

  it("say 'Unlimited' where the plan sets no limit, with no bar to fill", async () => {
    usageIs({ plan_id: 'business', members: { used: 7, limit: null }, items: { used: 12, limit: null } });
    signIn();
    renderApp('/dashboard');
    const card = await usageCard();
    expect(await card.findByText('12 items · Unlimited')).toBeTruthy();
    expect(card.getByText('7 members · Unlimited')).toBeTruthy();
    expect(card.queryByRole('progressbar')).toBeNull();
  });

  it('show the free plan on the dashboard, full when a downgrade left more than it allows', async () => {
    usageIs({ plan_id: null, members: { used: 5, limit: 3 }, items: { used: 0, limit: 100 } });
    signIn();
    renderApp('/dashboard');
    const card = await usageCard();
    expect(await card.findByText('5 of 3 members')).toBeTruthy();
    expect(card.getByText(/on the free plan/)).toBeTruthy();
    expect(card.getByRole('progressbar', { name: 'Members' }).getAttribute('aria-valuenow')).toBe('3');
  });

  it('say so when the usage cannot be loaded, and try again', async () => {
    let fail = true;
    server.use(
      mockEndpoint('getUsage', () =>
        fail
          ? HttpResponse.json({ detail: 'Usage is away' }, { status: 500 })
          : HttpResponse.json({
              plan_id: null,
              members: { used: 1, limit: 3 },
              items: { used: 0, limit: 100 },
            }),
      ),
    );
    signIn();
    renderApp('/dashboard');
    const card = await usageCard();
    expect((await card.findByRole('alert')).textContent).toContain('Usage is away');
    fail = false;
    await userEvent.click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findByText('1 of 3 members')).toBeTruthy();
  });
});

describe('the invite dialog at the members limit', () => {
  async function openInvite() {
    fakeTeams({ tenants: [{ ...acme, user_role: 'owner' }], members: { [ACME_UUID]: [] } });
    signIn();
    renderApp('/team');
    await screen.findByRole('heading', { level: 1, name: 'Team Settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Member' }));
    return within(await screen.findByRole('dialog', { name: 'Invite Members' }));
  }

  it('says the plan is full and offers Upgrade instead of the form when the usage shows no seat left', async () => {
    usageIs({ plan_id: null, members: { used: 3, limit: 3 }, items: { used: 0, limit: 100 } });
    const dialog = await openInvite();
    expect((await dialog.findByRole('alert')).textContent).toContain(MEMBERS_FULL);
    expect(dialog.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');
    expect(dialog.queryByRole('button', { name: 'Send invitations' })).toBeNull();
  });

  it('shows the limit with Upgrade, not a generic error, when the server answers 402', async () => {
    const dialog = await openInvite();
    server.use(
      mockEndpoint('invite', () =>
        HttpResponse.json({ detail: MEMBERS_FULL, code: 'plan_limit' }, { status: 402 }),
      ),
    );
    await userEvent.type(dialog.getByLabelText('Email 1'), 'dave@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Send invitations' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(MEMBERS_FULL);
    expect(dialog.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');
    // The address stays in the form, to send once the team has upgraded.
    expect((dialog.getByLabelText('Email 1') as HTMLInputElement).value).toBe('dave@example.com');
  });
});

describe('the create-item dialog at the items limit', () => {
  async function openCreate() {
    fakeItems();
    signIn();
    renderApp('/items');
    await screen.findByText('No items found.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    return within(await screen.findByRole('dialog', { name: 'Create Item' }));
  }

  it('says the plan is full and offers Upgrade when the usage shows no room left', async () => {
    usageIs({ plan_id: null, members: { used: 1, limit: 3 }, items: { used: 100, limit: 100 } });
    const dialog = await openCreate();
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toContain(ITEMS_FULL));
    expect(dialog.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');
    expect(dialog.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('shows the limit with Upgrade when the server answers 402', async () => {
    const dialog = await openCreate();
    server.use(
      mockEndpoint('createItem', () =>
        HttpResponse.json({ detail: ITEMS_FULL, code: 'plan_limit' }, { status: 402 }),
      ),
    );
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Mosaic');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(ITEMS_FULL);
    expect(dialog.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');
  });
});
