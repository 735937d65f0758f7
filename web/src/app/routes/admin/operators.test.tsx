/** The operators' console (docs/contract.md section 4, Operators): figures, the audit, the users and one user's page. */
import { mockEndpoint } from '@/testing/mocks/endpoint';
import type { AdminMetrics, AdminUser, AdminUserDetail, OperatorAuditEntry } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { accessTokenFor } from '@/testing/auth-response';
import { ACME_UUID, emptyMetrics } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const USER_UUID = '00000000-0000-4000-8000-000000000042';
const TEAM_UUID = '66666666-6666-4666-8666-666666666666';

const wile: AdminUser = {
  uuid: USER_UUID,
  email: 'wile@acme.test',
  is_verified: true,
  is_suspended: false,
  created_at: '2025-03-04T10:00:00.000Z',
  team_count: 2,
};
const roadrunner: AdminUser = {
  uuid: '00000000-0000-4000-8000-000000000043',
  email: 'beep@acme.test',
  is_verified: false,
  is_suspended: true,
  created_at: '2025-03-05T10:00:00.000Z',
  team_count: 0,
};
const wileDetail: AdminUserDetail = {
  ...wile,
  is_super_admin: false,
  teams: [{ uuid: TEAM_UUID, name: 'Acme', role: 'admin', joined_at: '2025-03-06T10:00:00.000Z' }],
};

const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest<HTMLElement>('[data-slot="card"]')!;
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/admin figures', () => {
  const metrics: AdminMetrics = {
    ...emptyMetrics(),
    teams: 12,
    users: 1234,
    verified_users: 987,
    active_subscriptions: 5,
    mrr: [
      { currency: 'usd', amount: 123_450 },
      { currency: 'eur', amount: 4_900 },
      { currency: 'jpy', amount: 5_000 },
    ],
  };
  metrics.signups_by_day = metrics.signups_by_day.map((day, index) => ({ ...day, count: index % 3 }));
  metrics.signups_by_day[0] = { date: '2025-06-01', count: 7 };

  it('shows the figures, MRR per currency from minor units, and the sign-ups chart with its table', async () => {
    server.use(mockEndpoint('adminGetMetrics', () => HttpResponse.json(metrics)));
    signIn({ isSuperAdmin: true });
    renderApp('/admin');
    await screen.findByRole('heading', { level: 2, name: 'Sign-ups, last 30 days' });

    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!.textContent;
    expect(figure('Teams')).toBe('Teams12');
    expect(figure('Users')).toBe('Users1,234');
    expect(figure('Verified users')).toBe('Verified users98780% of users');
    expect(figure('Active subscriptions')).toBe('Active subscriptions5');
    expect(figure('MRR')).toBe('MRR$1,234.50€49.00¥5,000Per month');

    const chart = section('Sign-ups, last 30 days');
    // The drawing is for the eye; screen readers get the table.
    const svg = chart.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelectorAll('rect')).toHaveLength(30);
    const total = metrics.signups_by_day.reduce((sum, day) => sum + day.count, 0);
    expect(chart.textContent).toContain(`${total} new accounts in the last 30 days`);

    await userEvent.click(within(chart).getByText('Show as table'));
    const table = within(chart).getByRole('table', { name: 'Sign-ups, last 30 days' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Sign-ups']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(cellTexts(rows[0]!)).toEqual(['Jun 1', '7']);
  });

  it("shows the server's detail when the figures cannot be loaded, and the lists still load", async () => {
    server.use(
      mockEndpoint('adminGetMetrics', () =>
        HttpResponse.json({ detail: 'Super admin access required' }, { status: 403 }),
      ),
    );
    signIn({ isSuperAdmin: true });
    renderApp('/admin');
    expect((await screen.findByRole('alert')).textContent).toBe('Super admin access required');
    expect(await within(section('Teams')).findByText('No teams found')).toBeTruthy();
  });

  it('lists the operator audit newest first, a page at a time', async () => {
    const entry = (n: number, action: OperatorAuditEntry['action']): OperatorAuditEntry => ({
      uuid: `99999999-9999-4999-8999-00000000000${n}`,
      operator_email: 'root@tessera.test',
      action,
      target_email: `user${n}@acme.test`,
      created_at: `2025-06-0${n}T10:00:00.000Z`,
    });
    const seen: string[] = [];
    server.use(
      mockEndpoint('adminListAudit', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        seen.push(cursor ?? '');
        return cursor
          ? HttpResponse.json([entry(1, 'user.unsuspended')])
          : HttpResponse.json([entry(3, 'impersonation.started'), entry(2, 'user.suspended')], {
              headers: { 'X-Next-Cursor': 'page-2' },
            });
      }),
    );
    signIn({ isSuperAdmin: true });
    renderApp('/admin');
    const audit = within(await waitFor(() => section('Operator audit')));
    await audit.findByRole('table');
    expect(audit.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'When',
      'Operator',
      'Action',
      'Account',
    ]);
    await userEvent.click(audit.getByRole('button', { name: 'Load more' }));
    await audit.findByText('user1@acme.test');
    expect(
      audit
        .getAllByRole('row')
        .slice(1)
        .map((row) => cellTexts(row).slice(1)),
    ).toEqual([
      ['root@tessera.test', 'Started viewing as', 'user3@acme.test'],
      ['root@tessera.test', 'Suspended', 'user2@acme.test'],
      ['root@tessera.test', 'Unsuspended', 'user1@acme.test'],
    ]);
    expect(seen).toEqual(['', 'page-2']);
  });

  it('switches between Overview and Users with the admin navigation', async () => {
    signIn({ isSuperAdmin: true });
    const router = renderApp('/admin');
    const nav = within(await screen.findByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(nav.getByRole('link', { name: 'Users' }));
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    expect(router.state.location.pathname).toBe('/admin/users');
  });
});

describe('/admin/users', () => {
  it('lists accounts with their badges, searches with ?q= and says when nothing matches', async () => {
    const seen: string[] = [];
    server.use(
      mockEndpoint('adminListUsers', ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.search);
        const q = url.searchParams.get('q');
        if (!q) return HttpResponse.json([wile, roadrunner]);
        return HttpResponse.json([wile, roadrunner].filter((user) => user.email.includes(q)));
      }),
    );
    signIn({ isSuperAdmin: true });
    renderApp('/admin/users');
    const card = within(await waitFor(() => section('Accounts')));
    await card.findByRole('table');
    expect(card.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Email',
      'Status',
      'Teams',
      'Joined',
    ]);
    expect(card.getAllByRole('row').slice(1).map(cellTexts)).toEqual([
      ['wile@acme.test', 'Verified', '2', 'Mar 4, 2025'],
      ['beep@acme.test', 'UnverifiedSuspended', '0', 'Mar 5, 2025'],
    ]);
    expect(card.getByRole('link', { name: 'wile@acme.test' }).getAttribute('href')).toBe(
      `/admin/users/${USER_UUID}`,
    );

    const search = card.getByRole('searchbox', { name: 'Search users' });
    await userEvent.type(search, ' beep ');
    await waitFor(() => expect(card.queryByRole('link', { name: 'wile@acme.test' })).toBeNull());
    expect(card.getByRole('link', { name: 'beep@acme.test' })).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(await card.findByText('No users match your search')).toBeTruthy();
    expect([...new Set(seen)]).toEqual(['', '?q=beep', '?q=nobody']);
  });

  it("loads more with 'Load more' while a next page exists", async () => {
    server.use(
      mockEndpoint('adminListUsers', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'next'
          ? HttpResponse.json([roadrunner])
          : HttpResponse.json([wile], { headers: { 'X-Next-Cursor': 'next' } }),
      ),
    );
    signIn({ isSuperAdmin: true });
    renderApp('/admin/users');
    await screen.findByRole('link', { name: 'wile@acme.test' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'beep@acme.test' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens a user’s page from the list', async () => {
    server.use(
      mockEndpoint('adminListUsers', () => HttpResponse.json([wile])),
      http.get(`/api/super-admin/users/${USER_UUID}`, () => HttpResponse.json(wileDetail)),
    );
    signIn({ isSuperAdmin: true });
    const router = renderApp('/admin/users');
    await userEvent.click(await screen.findByRole('link', { name: 'wile@acme.test' }));
    await screen.findByRole('heading', { level: 1, name: 'User' });
    expect(router.state.location.pathname).toBe(`/admin/users/${USER_UUID}`);
  });

  it('is for super admins only', async () => {
    signIn();
    const router = renderApp('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/admin/users/{uuid}', () => {
  /** The account's page; suspend and unsuspend change what the server answers next. */
  function answerUser(initial: AdminUserDetail = wileDetail) {
    let current = initial;
    const calls: string[] = [];
    server.use(
      http.get(`/api/super-admin/users/${initial.uuid}`, () => HttpResponse.json(current)),
      http.post(`/api/super-admin/users/${initial.uuid}/suspend`, () => {
        calls.push('suspend');
        current = { ...current, is_suspended: true };
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(`/api/super-admin/users/${initial.uuid}/unsuspend`, () => {
        calls.push('unsuspend');
        current = { ...current, is_suspended: false };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    return calls;
  }

  async function renderUser(uuid = USER_UUID) {
    signIn({ isSuperAdmin: true });
    const router = renderApp(`/admin/users/${uuid}`);
    await screen.findByRole('heading', { level: 1, name: 'User' });
    return router;
  }

  it('shows the account and its teams, each linking to its admin page', async () => {
    answerUser();
    await renderUser();
    const account = await waitFor(() => section('Account'));
    for (const text of ['wile@acme.test', 'Verified', 'Mar 4, 2025', USER_UUID]) {
      expect(account.textContent).toContain(text);
    }
    const teams = within(section('Teams'));
    expect(teams.getAllByRole('row').slice(1).map(cellTexts)).toEqual([
      ['Acme', 'Administrator', 'Mar 6, 2025'],
    ]);
    expect(teams.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      `/admin/tenants/${TEAM_UUID}`,
    );
  });

  it('suspends after asking, then shows the Suspended badge and Unsuspend, which undoes it', async () => {
    const calls = answerUser();
    await renderUser();
    const actions = within(await waitFor(() => section('Operator actions')));
    await userEvent.click(actions.getByRole('button', { name: 'Suspend' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Suspend account' }));
    expect(dialog.getByText(/Suspend wile@acme\.test\?/)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));

    await actions.findByRole('button', { name: 'Unsuspend' });
    expect(within(section('Account')).getByText('Suspended')).toBeTruthy();
    // A suspended account cannot sign in, so it cannot be viewed as either.
    expect(actions.getByRole('button', { name: 'View as' })).toHaveProperty('disabled', true);
    expect(actions.getByText('A suspended account cannot be viewed as. Unsuspend it first.')).toBeTruthy();

    await userEvent.click(actions.getByRole('button', { name: 'Unsuspend' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsuspend account' })).getByRole('button', {
        name: 'Unsuspend',
      }),
    );
    await actions.findByRole('button', { name: 'Suspend' });
    expect(within(section('Account')).queryByText('Suspended')).toBeNull();
    expect(calls).toEqual(['suspend', 'unsuspend']);
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const calls = answerUser();
    await renderUser();
    const actions = within(await waitFor(() => section('Operator actions')));
    await userEvent.click(actions.getByRole('button', { name: 'Suspend' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it("shows the server's detail when a suspension is refused", async () => {
    answerUser();
    server.use(
      http.post(`/api/super-admin/users/${USER_UUID}/suspend`, () =>
        HttpResponse.json({ detail: 'You cannot suspend yourself' }, { status: 400 }),
      ),
    );
    await renderUser();
    const actions = within(await waitFor(() => section('Operator actions')));
    await userEvent.click(actions.getByRole('button', { name: 'Suspend' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Suspend' }),
    );
    expect((await actions.findByRole('alert')).textContent).toBe('You cannot suspend yourself');
  });

  it('does not offer View as for a super admin, and says why', async () => {
    answerUser({ ...wileDetail, is_super_admin: true });
    await renderUser();
    const actions = within(await waitFor(() => section('Operator actions')));
    const viewAs = actions.getByRole('button', { name: 'View as' });
    expect(viewAs).toHaveProperty('disabled', true);
    expect(viewAs.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(viewAs.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A super admin’s account cannot be viewed as.',
    );
  });

  it("shows 'User not found' for an unknown uuid", async () => {
    await renderUser('00000000-0000-4000-8000-000000000099');
    expect((await screen.findByRole('alert')).textContent).toBe('User not found');
  });

  it("View as sets the operator's session aside, signs in as the account and opens the dashboard", async () => {
    answerUser();
    const viewed = {
      access_token: accessTokenFor('wile@acme.test', 1800, { sub: USER_UUID, act: { sub: 'operator-1' } }),
      refresh_token: 'refresh-viewed',
      email: 'wile@acme.test',
    };
    server.use(http.post(`/api/super-admin/users/${USER_UUID}/impersonate`, () => HttpResponse.json(viewed)));
    signIn({ isSuperAdmin: true, refreshToken: 'refresh-operator' });
    storage.set('loginTime', '2025-01-01T00:00:00.000Z');
    storage.set('selectedTenantUuid', ACME_UUID);
    const operatorToken = storage.get('accessToken');
    const router = renderApp(`/admin/users/${USER_UUID}`);
    const actions = within(await waitFor(() => section('Operator actions')));
    await userEvent.click(actions.getByRole('button', { name: 'View as' }));

    await screen.findByText('Viewing as wile@acme.test');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(storage.get('accessToken')).toBe(viewed.access_token);
    expect(storage.get('refreshToken')).toBe('refresh-viewed');
    expect(storage.get('userEmail')).toBe('wile@acme.test');
    expect(JSON.parse(storage.get('operatorSession')!)).toEqual({
      accessToken: operatorToken,
      refreshToken: 'refresh-operator',
      userEmail: 'ada@example.com',
      loginTime: '2025-01-01T00:00:00.000Z',
      selectedTenantUuid: ACME_UUID,
      viewedUserUuid: USER_UUID,
    });
  });
});
