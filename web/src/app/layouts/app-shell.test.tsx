import { mockEndpoint } from '@/testing/mocks/endpoint';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { fakeBilling } from '@/testing/mocks/billing';
import { acme, ACME_UUID, globex, GLOBEX_UUID, member } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fakeTeams } from '@/testing/mocks/teams';
import { renderApp, signIn } from '@/testing/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

async function openSwitcher() {
  await userEvent.click(await screen.findByRole('button', { name: /^Current team:/ }));
  return screen.findByRole('menu');
}

describe('tenant state', () => {
  it('restores the saved team when the user is still in it', async () => {
    fakeTeams({ tenants: [acme, globex] });
    signIn();
    storage.set('selectedTenantUuid', GLOBEX_UUID);
    renderApp('/dashboard');
    await heading('Welcome to Globex, ada!');
    expect(storage.get('selectedTenantUuid')).toBe(GLOBEX_UUID);
  });

  it('falls back to the first team, and stores it, when the saved one is not in the list', async () => {
    const api = fakeTeams({ tenants: [acme, globex] });
    signIn();
    storage.set('selectedTenantUuid', '99999999-9999-4999-8999-999999999999');
    renderApp('/dashboard');
    await heading('Welcome to Acme, ada!');
    expect(storage.get('selectedTenantUuid')).toBe(ACME_UUID);
    // The saved team's details were asked for beside the list (one round for a returning user); once the list
    // shows it gone, the details of the team shown come from GET /tenant, sent for that team.
    await waitFor(() => expect(api.callsTo('GET', '/tenant').at(-1)?.tenant).toBe(ACME_UUID));
    expect(new Set(api.callsTo('GET', '/tenant').map(({ tenant }) => tenant))).toEqual(
      new Set(['99999999-9999-4999-8999-999999999999', ACME_UUID]),
    );
  });

  it("shows GET /tenant's details, and the list entry when that call fails", async () => {
    server.use(mockEndpoint('getTenant', () => HttpResponse.json({ ...acme, name: 'Acme Corp' })));
    signIn();
    renderApp('/dashboard');
    await heading('Welcome to Acme Corp, ada!');
    cleanup();

    server.use(mockEndpoint('getTenant', () => HttpResponse.json({ detail: 'Broken' }, { status: 500 })));
    renderApp('/dashboard');
    await heading('Welcome to Acme, ada!');
  });

  it("shows 'Failed to load tenants' when the list cannot be loaded, and tries again", async () => {
    server.use(mockEndpoint('listTenants', () => new HttpResponse(null, { status: 500 })));
    signIn();
    renderApp('/dashboard');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load tenants');
    expect(screen.getAllByText('No tenant selected').length).toBeGreaterThan(0);

    server.use(mockEndpoint('listTenants', () => HttpResponse.json([acme])));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Welcome to Acme, ada!');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('team switcher', () => {
  it('shows the team, role and list with the current one ticked, and switches and remembers', async () => {
    fakeTeams({ tenants: [acme, globex] });
    signIn();
    renderApp('/dashboard');
    await heading('Welcome to Acme, ada!');
    expect(screen.getByRole('button', { name: /^Current team:/ }).textContent).toContain('AcmeOwner');

    const menu = await openSwitcher();
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['AAcmeOwner', 'true'],
      ['GGlobexMember', 'false'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Create New Team' })).toBeTruthy();

    await userEvent.click(items[1]!);
    await heading('Welcome to Globex, ada!');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(storage.get('selectedTenantUuid')).toBe(GLOBEX_UUID);
    expect(screen.getByRole('button', { name: /^Current team:/ }).textContent).toContain('GlobexMember');

    // After a reload the choice stands.
    cleanup();
    renderApp('/dashboard');
    await heading('Welcome to Globex, ada!');
  });

  it("says 'Loading...' until the list arrives", async () => {
    let release = () => {};
    server.use(
      mockEndpoint('listTenants', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json([acme]);
      }),
    );
    signIn();
    renderApp('/dashboard');
    expect((await screen.findByRole('button', { name: /^Current team:/ })).textContent).toContain(
      'Loading...',
    );
    const menu = await openSwitcher();
    expect(within(menu).getByRole('menuitem', { name: 'Loading...' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    act(() => release());
    expect(await within(menu).findByRole('menuitemradio', { name: 'Acme Owner' })).toBeTruthy();
  });

  it("never shows one team's cached members under another", async () => {
    const api = fakeTeams({
      tenants: [acme, globex],
      members: { [ACME_UUID]: [member('wile@acme.test', 'member', 2)] },
    });
    signIn();
    renderApp('/team');
    expect(await screen.findByText('wile@acme.test')).toBeTruthy();

    let release = () => {};
    const later: (string | null)[] = [];
    server.use(
      mockEndpoint('listMembers', async ({ request }) => {
        later.push(request.headers.get('X-TENANT-UUID'));
        if (later.at(-1) === GLOBEX_UUID) {
          await new Promise<void>((resolve) => (release = resolve));
        }
        return HttpResponse.json([member('hank@globex.test', 'owner', 3)]);
      }),
    );
    await userEvent.click(within(await openSwitcher()).getByRole('menuitemradio', { name: /Globex/ }));

    await screen.findByRole('heading', { level: 1, name: 'Team Settings' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy());
    expect(screen.queryByText('wile@acme.test')).toBeNull();
    act(() => release());
    expect(await screen.findByText('hank@globex.test')).toBeTruthy();
    expect(screen.queryByText('wile@acme.test')).toBeNull();
    // Every call for a team carried that team.
    expect(new Set(api.callsTo('GET', '/members').map(({ tenant }) => tenant))).toEqual(new Set([ACME_UUID]));
    expect(new Set(later)).toEqual(new Set([GLOBEX_UUID]));
  });
});

describe('sidebar, drawer and menus', () => {
  it('has the navigation, and collapses on desktop, remembering it', async () => {
    signIn();
    const router = renderApp('/dashboard');
    await heading('Welcome to Acme, ada!');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/dashboard'],
      ['Items', '/items'],
      ['Team', '/team'],
      ['Subscription', '/subscription'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(storage.get('sidebarCollapsed')).toBe('true');
    // Collapsed, the links keep their names for screen readers.
    expect(within(nav).getByRole('link', { name: 'Items' })).toBeTruthy();
    await router.navigate('/items');
    await heading('Items');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();

    cleanup();
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Expand sidebar' }));
    expect(storage.get('sidebarCollapsed')).toBe('false');
  });

  it('opens the navigation drawer on a phone, which closes on a route change', async () => {
    signIn();
    const router = renderApp('/dashboard');
    await heading('Welcome to Acme, ada!');
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });

    await userEvent.click(within(drawer).getByRole('link', { name: 'Team' }));
    await heading('Team Settings');
    expect(router.state.location.pathname).toBe('/team');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes an open menu on an outside click', async () => {
    signIn();
    renderApp('/dashboard');
    await heading('Welcome to Acme, ada!');
    await userEvent.click(screen.getByRole('button', { name: /^Current team:/ }));
    expect(await screen.findByRole('menu')).toBeTruthy();
    await userEvent.click(screen.getByRole('heading', { level: 2, name: 'Getting Started' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('closes an open menu on a route change, and it stays closed on the way back', async () => {
    signIn();
    const router = renderApp('/dashboard');
    await heading('Welcome to Acme, ada!');
    await userEvent.click(screen.getByRole('button', { name: /ada@example\.com/ }));
    expect(await screen.findByRole('menu')).toBeTruthy();

    await act(() => router.navigate('/items'));
    await heading('Items');
    expect(screen.queryByRole('menu')).toBeNull();
    await act(() => router.navigate(-1));
    await heading('Welcome to Acme, ada!');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("shows the email and 'Free Plan', Account and Logout, and 'Upgrade Plan' to a user", async () => {
    signIn();
    renderApp('/dashboard');
    await heading('Welcome to Acme, ada!');
    // It shows once the team's subscription is known to be none (the default fake answers 404).
    expect((await screen.findByRole('link', { name: 'Upgrade Plan' })).getAttribute('href')).toBe(
      '/subscription',
    );

    const trigger = screen.getByRole('button', { name: /ada@example\.com/ });
    expect(trigger.textContent).toContain('Free Plan');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Account' }).getAttribute('href')).toBe('/settings');
  });

  it("shows 'Upgrade Plan' to a user without a team: there is no subscription", async () => {
    fakeTeams({ tenants: [] });
    signIn();
    renderApp('/dashboard');
    // The onboarding modal opens over the shell; the sidebar behind it offers the upgrade.
    await screen.findByRole('dialog');
    expect(
      (await screen.findByRole('link', { name: 'Upgrade Plan', hidden: true })).getAttribute('href'),
    ).toBe('/subscription');
    expect(screen.getByRole('button', { name: /ada@example\.com/, hidden: true }).textContent).toContain(
      'Free Plan',
    );
  });

  it("gives a super admin the Admin entry and no 'Upgrade Plan'", async () => {
    signIn({ isSuperAdmin: true });
    renderApp('/dashboard');
    await heading('Welcome to Acme, ada!');
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /ada@example\.com/ }));
    const admin = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Admin' });
    await userEvent.click(admin);
    await heading('Admin');
  });

  it('shows the product name with its logo in the top bar of every signed-in page, linking home', async () => {
    fakeBilling();
    signIn({ isSuperAdmin: true });
    const router = renderApp('/dashboard');
    for (const [path, title] of [
      ['/dashboard', 'Welcome to Acme, ada!'],
      ['/items', 'Items'],
      ['/team', 'Team Settings'],
      ['/subscription', 'Subscription'],
      ['/settings', 'Account'],
      ['/admin', 'Admin'],
    ] as const) {
      await act(() => router.navigate(path));
      await heading(title);
      const banner = within(screen.getByRole('banner'));
      expect(banner.getByRole('heading', { level: 1 }).textContent).toBe(title);
      const brand = banner.getByRole('link', { name: 'Tessera' });
      expect(brand.getAttribute('href')).toBe('/dashboard');
      expect(brand.querySelector('img')?.getAttribute('src')).toBe('/tessera.svg');
    }
  });

  it('opens the codebase and the docs in a new tab', async () => {
    signIn();
    renderApp('/items');
    await heading('Items');
    for (const [name, href] of [
      ['Download Codebase', 'https://code.example.com'],
      ['Docs', 'https://docs.example.com'],
    ]) {
      const link = await screen.findByRole('link', { name });
      expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
        href,
        '_blank',
        'noopener noreferrer',
      ]);
    }
  });
});
