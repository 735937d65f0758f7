import { mockEndpoint } from '@/testing/mocks/endpoint';
import type { AdminFeedback, AdminTenant, AdminTenantDetail } from '@app/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const TEAM_UUID = '66666666-6666-4666-8666-666666666666';

const acmeTeam: AdminTenant = {
  uuid: TEAM_UUID,
  name: 'Acme',
  description: 'Rockets and anvils',
  created_at: '2025-03-04T10:00:00.000Z',
  stripe_customer_id: 'cus_123',
  user_count: 2,
  subscription_status: 'active',
  subscription_plan: 'pro',
};
const globexTeam: AdminTenant = {
  ...acmeTeam,
  uuid: '77777777-7777-4777-8777-777777777777',
  name: 'Globex',
  stripe_customer_id: null,
  user_count: 1,
  subscription_status: null,
  subscription_plan: null,
};
// The labels of docs/spec.md section 4, the same as on the billing page.
const initechTeam: AdminTenant = {
  ...acmeTeam,
  uuid: '77777777-7777-4777-8777-777777777778',
  name: 'Initech',
  stripe_customer_id: 'cus_456',
  subscription_status: 'past_due',
};
const hooliTeam: AdminTenant = {
  ...initechTeam,
  uuid: '77777777-7777-4777-8777-777777777779',
  name: 'Hooli',
  stripe_customer_id: 'cus_789',
  subscription_status: 'incomplete',
};
const note: AdminFeedback = {
  uuid: '88888888-8888-4888-8888-888888888888',
  user_email: 'wile@acme.test',
  tenant_name: 'Acme',
  route: '/items',
  message: 'More anvils please',
  created_at: '2025-05-06T10:00:00.000Z',
};

/** Answers `path` with `pages` in turn by cursor ('' first), recording each query string. */
function answerPages<T>(path: string, pages: T[][], { search = false } = {}) {
  const seen: string[] = [];
  server.use(
    http.get(`/api${path}`, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.search);
      const q = url.searchParams.get('q');
      const index = Number(url.searchParams.get('cursor') ?? 0);
      const page = search && q ? [] : pages[index]!;
      const headers: Record<string, string> = {};
      if (!(search && q) && index + 1 < pages.length) headers['X-Next-Cursor'] = String(index + 1);
      return HttpResponse.json(page, { headers });
    }),
  );
  return seen;
}

async function renderAdmin() {
  signIn({ isSuperAdmin: true });
  renderApp('/admin');
  await screen.findByRole('heading', { level: 1, name: 'Admin' });
}

const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest<HTMLElement>('[data-slot="card"]')!;
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/admin', () => {
  it("shows 'No teams found' and 'No feedback submitted yet' when there is nothing", async () => {
    await renderAdmin();
    expect(await within(section('Teams')).findByText('No teams found')).toBeTruthy();
    expect(await within(section('Feedback')).findByText('No feedback submitted yet')).toBeTruthy();
    expect(within(section('Teams')).queryByRole('table')).toBeNull();
    expect(within(section('Feedback')).queryByRole('table')).toBeNull();
  });

  it('lists every team with a link to its page, and all feedback', async () => {
    answerPages('/super-admin/tenants', [[acmeTeam, globexTeam, initechTeam, hooliTeam]]);
    answerPages('/super-admin/feedback', [[note]]);
    await renderAdmin();
    const teams = within(section('Teams'));
    await teams.findByRole('table');
    expect(teams.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Created',
      'Users',
      'Plan',
      'Status',
      'Stripe customer',
    ]);
    expect(teams.getAllByRole('row').slice(1).map(cellTexts)).toEqual([
      ['Acme', 'Mar 4, 2025', '2', 'Pro', 'Active', 'cus_123'],
      ['Globex', 'Mar 4, 2025', '1', '—', 'No Subscription', '—'],
      ['Initech', 'Mar 4, 2025', '2', 'Pro', 'Past Due', 'cus_456'],
      ['Hooli', 'Mar 4, 2025', '2', 'Pro', 'Incomplete', 'cus_789'],
    ]);
    expect(teams.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      `/admin/tenants/${TEAM_UUID}`,
    );

    const feedback = within(section('Feedback'));
    await feedback.findByRole('table');
    expect(feedback.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'User',
      'Team',
      'Route',
      'Message',
      'Date',
    ]);
    const row = feedback.getAllByRole('row')[1]!;
    expect(cellTexts(row).slice(0, 4)).toEqual(['wile@acme.test', 'Acme', '/items', 'More anvils please']);
    expect(cellTexts(row)[4]).toMatch(/^May 6, 2025/);
  });

  it("loads more teams with 'Load more' while a next page exists", async () => {
    const seen = answerPages('/super-admin/tenants', [[acmeTeam], [globexTeam]]);
    await renderAdmin();
    const teams = within(section('Teams'));
    await teams.findByRole('link', { name: 'Acme' });
    await userEvent.click(teams.getByRole('button', { name: 'Load more' }));
    expect(await teams.findByRole('link', { name: 'Globex' })).toBeTruthy();
    expect(teams.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect([...new Set(seen)]).toEqual(['', '?cursor=1']);
  });

  it('searches with ?q= once typing pauses, and says when nothing matches', async () => {
    const seen = answerPages('/super-admin/tenants', [[acmeTeam]], { search: true });
    const feedbackSeen = answerPages('/super-admin/feedback', [[note]], { search: true });
    await renderAdmin();
    const teams = within(section('Teams'));
    await teams.findByRole('link', { name: 'Acme' });
    await userEvent.type(teams.getByRole('searchbox', { name: 'Search teams' }), ' zz top ');
    expect(await teams.findByText('No teams found')).toBeTruthy();
    // One call for the whole word, trimmed, not one per key.
    expect([...new Set(seen)]).toEqual(['', '?q=zz+top']);

    const feedback = within(section('Feedback'));
    await userEvent.type(feedback.getByRole('searchbox', { name: 'Search feedback' }), 'nobody');
    expect(await feedback.findByText('No feedback found')).toBeTruthy();
    expect([...new Set(feedbackSeen)]).toEqual(['', '?q=nobody']);
  });

  it("shows 'Failed to fetch data', or the server's detail, when a list cannot be loaded", async () => {
    server.use(
      mockEndpoint('adminListTenants', () => new HttpResponse(null, { status: 500 })),
      mockEndpoint('adminListFeedback', () =>
        HttpResponse.json({ detail: 'Super admin access required' }, { status: 403 }),
      ),
    );
    await renderAdmin();
    expect((await within(section('Teams')).findByRole('alert')).textContent).toBe('Failed to fetch data');
    expect((await within(section('Feedback')).findByRole('alert')).textContent).toBe(
      'Super admin access required',
    );
  });
});

const detail: AdminTenantDetail = {
  ...acmeTeam,
  users: [
    {
      uuid: '00000000-0000-4000-8000-000000000011',
      email: 'boss@acme.test',
      role: 'owner',
      is_verified: true,
      joined_at: '2025-03-04T10:00:00.000Z',
    },
    {
      uuid: '00000000-0000-4000-8000-000000000012',
      email: 'carol@acme.test',
      role: 'admin',
      is_verified: true,
      joined_at: '2025-03-05T10:00:00.000Z',
    },
    {
      uuid: '00000000-0000-4000-8000-000000000013',
      email: 'wile@acme.test',
      role: 'member',
      is_verified: false,
      joined_at: '2025-03-06T10:00:00.000Z',
    },
  ],
  subscription: {
    uuid: '99999999-9999-4999-8999-999999999999',
    status: 'active',
    plan_type: 'pro',
    current_period_start: '2025-03-04T10:00:00.000Z',
    current_period_end: '2025-04-04T10:00:00.000Z',
    cancel_at_period_end: true,
  },
};

function answerDetail(body: AdminTenantDetail) {
  server.use(http.get(`/api/super-admin/tenants/${body.uuid}`, () => HttpResponse.json(body)));
}

async function renderDetail(tenantId = TEAM_UUID) {
  signIn({ isSuperAdmin: true });
  const router = renderApp(`/admin/tenants/${tenantId}`);
  await screen.findByRole('heading', { level: 1, name: 'Tenant Details' });
  return router;
}

async function renderLoadedDetail() {
  const router = await renderDetail();
  await screen.findByRole('heading', { level: 2, name: 'Users' });
  return router;
}

describe('/admin/tenants/{tenantId}', () => {
  it('opens from the teams table', async () => {
    answerPages('/super-admin/tenants', [[acmeTeam]]);
    answerDetail(detail);
    signIn({ isSuperAdmin: true });
    const router = renderApp('/admin');
    await userEvent.click(await screen.findByRole('link', { name: 'Acme' }));
    await screen.findByRole('heading', { level: 1, name: 'Tenant Details' });
    expect(router.state.location.pathname).toBe(`/admin/tenants/${TEAM_UUID}`);
    expect(await screen.findByText('boss@acme.test')).toBeTruthy();
  });

  it('shows the details, the users with upper-case roles and verification, and the subscription', async () => {
    answerDetail(detail);
    await renderLoadedDetail();
    const users = within(section('Users'));
    await users.findByRole('table');
    expect(users.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Email',
      'Role',
      'Verified',
      'Joined',
    ]);
    expect(users.getAllByRole('row').slice(1).map(cellTexts)).toEqual([
      ['boss@acme.test', 'OWNER', 'Yes', 'Mar 4, 2025'],
      ['carol@acme.test', 'ADMIN', 'Yes', 'Mar 5, 2025'],
      ['wile@acme.test', 'MEMBER', 'No', 'Mar 6, 2025'],
    ]);
    // ADMIN stands out from MEMBER.
    const badge = (text: string) => users.getByText(text).className;
    expect(badge('ADMIN')).not.toBe(badge('MEMBER'));

    const details = section('Tenant details').textContent;
    for (const text of ['Acme', 'Rockets and anvils', TEAM_UUID, 'Mar 4, 2025', 'cus_123']) {
      expect(details).toContain(text);
    }
    const subscription = section('Subscription').textContent;
    for (const text of ['Pro', 'Active', 'Mar 4, 2025 – Apr 4, 2025', 'Cancels on Apr 4, 2025']) {
      expect(subscription).toContain(text);
    }
  });

  it("says 'No users found' and 'No active subscription' when there are none", async () => {
    answerDetail({ ...detail, users: [], user_count: 0, subscription: null });
    await renderLoadedDetail();
    expect(await within(section('Users')).findByText('No users found')).toBeTruthy();
    expect(within(section('Subscription')).getByText('No active subscription')).toBeTruthy();
  });

  it("goes to /dashboard with 'Back to Home'", async () => {
    answerDetail(detail);
    const router = await renderDetail();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("shows the server's detail, or 'Failed to fetch data'", async () => {
    await renderDetail('nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Tenant not found');
    cleanup();

    server.use(mockEndpoint('adminGetTenant', () => new HttpResponse(null, { status: 500 })));
    await renderDetail();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch data');
  });
});
