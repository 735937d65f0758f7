import { mockEndpoint } from '@/testing/mocks/endpoint';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { storage } from '@/lib/storage';
import { acme, ACME_UUID, globex, me } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fakeTeams } from '@/testing/mocks/teams';
import { renderApp, signIn } from '@/testing/render-app';

const panel = () =>
  screen.getByRole('heading', { level: 2, name: 'Tenant Information' }).closest('[data-slot=card]')!;

afterEach(() => {
  vi.useRealTimers();
});

describe('/dashboard', () => {
  it("greets by team and email local part, with today's long date", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2025, 2, 5, 12, 0) });
    signIn();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    expect(screen.getByText('Wednesday, March 5, 2025')).toBeTruthy();
  });

  it("says 'Welcome back, …!' when the user has no team", async () => {
    fakeTeams({ tenants: [] });
    signIn();
    renderApp('/dashboard');
    await screen.findByRole('dialog', { name: 'Welcome to Tessera!' });
    // The onboarding modal hides the page from assistive technology, so look behind it.
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, ada!', hidden: true })).toBeTruthy();
    expect(screen.getAllByText('No tenant selected').length).toBe(2);
  });

  it('shows when the account was created and the access line, loading first', async () => {
    server.use(
      mockEndpoint('getMe', () => HttpResponse.json({ ...me, created_at: '2025-01-15T12:00:00.000Z' })),
    );
    let release = () => {};
    server.use(
      mockEndpoint('listTenants', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json([acme]);
      }),
    );
    signIn();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, ada!' });
    // The Getting Started card and the tenant information panel.
    expect(screen.getAllByText('Loading tenant information...').length).toBe(2);
    act(() => release());

    expect(await screen.findByText('Access to Acme as Owner.')).toBeTruthy();
    expect(await screen.findByText('Your account was created on Wednesday, January 15, 2025.')).toBeTruthy();
    expect(screen.queryByText('Loading tenant information...')).toBeNull();
  });

  it('shows the email, the login time and the session duration, refreshed every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2025, 2, 5, 12, 0) });
    signIn();
    storage.set('loginTime', new Date(2025, 2, 5, 9, 55).toISOString());
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    const card = screen
      .getByRole('heading', { level: 2, name: 'Account & Session' })
      .closest('[data-slot=card]')!;
    expect(
      within(card as HTMLElement)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['ada@example.com', 'Mar 5, 2025, 9:55 AM', '2h 5m']);

    act(() => vi.advanceTimersByTime(60_000));
    expect(within(card as HTMLElement).getByText('2h 6m')).toBeTruthy();
  });

  it('shows the tenant information panel: name, description, role, ID and permissions', async () => {
    signIn();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    const info = within(panel() as HTMLElement);
    expect(info.getByText('Acme')).toBeTruthy();
    expect(info.getByText('Rockets and anvils')).toBeTruthy();
    expect(info.getByText('Owner').dataset.slot).toBe('badge');
    expect(info.getByText(ACME_UUID)).toBeTruthy();
    expect(info.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Full administrative access',
      'Manage users and permissions',
      'Delete the tenant',
    ]);
  });

  it("lists a member's permissions, without a description when the team has none", async () => {
    fakeTeams({ tenants: [globex] });
    signIn();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Globex, ada!' });
    expect(screen.getByText('Access to Globex as Member.')).toBeTruthy();
    const info = within(panel() as HTMLElement);
    expect(info.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'View and contribute to projects',
    ]);
  });

  it('has the quick actions, Members leading to the account page', async () => {
    signIn();
    const router = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme, ada!' });
    const actions = screen
      .getByRole('heading', { level: 2, name: 'Quick Actions' })
      .closest('[data-slot=card]')!;
    const links = within(actions as HTMLElement).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Members', '/members'],
      ['Account', '/settings'],
      ['Subscription', '/subscription'],
    ]);
    await userEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });
});
