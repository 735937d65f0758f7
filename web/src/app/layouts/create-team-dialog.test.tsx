import { mockEndpoint } from '@/testing/mocks/endpoint';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { acme, ACME_UUID } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fakeTeams } from '@/testing/mocks/teams';
import { renderApp, signIn } from '@/testing/render-app';

const NEW_TEAM_UUID = '33333333-3333-4333-8333-000000000001';

async function onboarding() {
  return screen.findByRole('dialog', { name: 'Welcome to Tessera!' });
}

describe('team onboarding', () => {
  it('opens for a user without a team, requires a name, and sends no blank description', async () => {
    const api = fakeTeams({ tenants: [] });
    signIn();
    const router = renderApp('/dashboard');
    const dialog = await onboarding();
    const create = within(dialog).getByRole('button', { name: 'Create Team' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    // Escape does not dismiss it: the user needs a team.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Welcome to Tessera!' })).toBeTruthy();

    const name = within(dialog).getByLabelText('Team name');
    await userEvent.type(name, '   ');
    await userEvent.tab();
    expect(await within(dialog).findByText('Team name is required')).toBeTruthy();
    expect(create.disabled).toBe(true);

    await userEvent.clear(name);
    await userEvent.type(name, '  Initech ');
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), '   ');
    expect(create.disabled).toBe(false);
    await userEvent.click(create);

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Initech, ada!' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', '/tenants').map(({ body }) => body)).toEqual([{ name: 'Initech' }]);
    expect(api.callsTo('POST', '/invite')).toEqual([]);
    expect(storage.get('selectedTenantUuid')).toBe(NEW_TEAM_UUID);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends the description trimmed, and each filled invite on its own to the new team, then lists the outcomes', async () => {
    const api = fakeTeams({ tenants: [] });
    // One address the server refuses without saying why.
    const refused: unknown[] = [];
    server.use(
      mockEndpoint('invite', async ({ request }) => {
        const body = (await request.clone().json()) as { email: string };
        if (body.email !== 'carol@example.com') return;
        refused.push([body, request.headers.get('X-TENANT-UUID')]);
        return new HttpResponse(null, { status: 500 });
      }),
    );
    signIn();
    renderApp('/dashboard');
    const dialog = await onboarding();
    await userEvent.type(within(dialog).getByLabelText('Team name'), 'Initech');
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), ' Printers, mostly ');

    await userEvent.type(within(dialog).getByLabelText('Email 1'), ' bob@example.com ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role 1'), 'Administrator');
    for (let row = 2; row <= 4; row += 1) {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add another' }));
    }
    // Row 2 stays blank and is skipped; ada is already in the team she creates.
    await userEvent.type(within(dialog).getByLabelText('Email 3'), 'ada@example.com');
    await userEvent.type(within(dialog).getByLabelText('Email 4'), 'carol@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Team' }));

    const results = await screen.findByRole('dialog', { name: 'Team created' });
    expect(within(results).getByRole('status').textContent).toBe('Invitations sentbob@example.com');
    expect(
      within(within(results).getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ada@example.com: User is already a member of this team', 'carol@example.com: Unknown error']);

    expect(api.callsTo('POST', '/tenants').map(({ body }) => body)).toEqual([
      { name: 'Initech', description: 'Printers, mostly' },
    ]);
    expect(api.callsTo('POST', '/invite').map(({ body, tenant }) => [body, tenant])).toEqual([
      [{ email: 'bob@example.com', role: 'admin' }, NEW_TEAM_UUID],
      [{ email: 'ada@example.com', role: 'member' }, NEW_TEAM_UUID],
    ]);
    expect(refused).toEqual([[{ email: 'carol@example.com', role: 'member' }, NEW_TEAM_UUID]]);

    await userEvent.click(within(results).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Initech, ada!' });
  });

  it('always keeps one invite row, and checks a filled email before creating anything', async () => {
    const api = fakeTeams({ tenants: [] });
    signIn();
    renderApp('/dashboard');
    const dialog = await onboarding();
    const removeFirst = () =>
      within(dialog).getByRole('button', { name: 'Remove invite 1' }) as HTMLButtonElement;
    expect(removeFirst().disabled).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add another' }));
    expect(removeFirst().disabled).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove invite 2' }));
    expect(within(dialog).queryByLabelText('Email 2')).toBeNull();
    expect(removeFirst().disabled).toBe(true);

    await userEvent.type(within(dialog).getByLabelText('Team name'), 'Initech');
    await userEvent.type(within(dialog).getByLabelText('Email 1'), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    expect(api.callsTo('POST', '/tenants')).toEqual([]);
  });

  it("shows the server's detail, or 'Failed to create tenant', when the team cannot be created", async () => {
    fakeTeams({ tenants: [] });
    server.use(
      mockEndpoint('createTenant', () => HttpResponse.json({ detail: 'Too many teams' }, { status: 400 }), {
        once: true,
      }),
      mockEndpoint('createTenant', () => new HttpResponse(null, { status: 500 })),
    );
    signIn();
    renderApp('/dashboard');
    const dialog = await onboarding();
    await userEvent.type(within(dialog).getByLabelText('Team name'), 'Initech');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many teams');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to create tenant'),
    );
    expect(screen.getByRole('dialog', { name: 'Welcome to Tessera!' })).toBeTruthy();
  });

  it('offers Logout, since the modal covers the user menu', async () => {
    fakeTeams({ tenants: [] });
    signIn();
    const router = renderApp('/dashboard');
    await userEvent.click(within(await onboarding()).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('an operator without a team', () => {
  it('uses the console with no dialog in the way, is offered a team without being made to, and meets the dialog elsewhere', async () => {
    fakeTeams({ tenants: [] });
    signIn({ isSuperAdmin: true });
    const router = renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Admin' });
    for (const path of ['/admin/users', '/admin/tenants/11111111-1111-4111-8111-111111111111', '/admin']) {
      await act(() => router.navigate(path));
      await screen.findAllByRole('heading', { level: 1 });
      expect(screen.queryByRole('dialog')).toBeNull();
    }

    // The switcher says there is no team and offers one; that dialog can be closed.
    const switcher = await screen.findByRole('button', { name: /^Current team:/ });
    expect(switcher.textContent).toContain('No teams available');
    await userEvent.click(switcher);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create New Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Outside the console, the first-team dialog is as it is for everyone.
    await act(() => router.navigate('/dashboard'));
    expect(await onboarding()).toBeTruthy();
  });
});

describe("'Create New Team'", () => {
  it('opens the same dialog without the greeting, can be cancelled, and selects the team it creates', async () => {
    const api = fakeTeams({ tenants: [acme] });
    signIn();
    renderApp('/team');
    await screen.findByRole('textbox', { name: 'Team name' });
    expect(storage.get('selectedTenantUuid')).toBe(ACME_UUID);

    const openDialog = async () => {
      await userEvent.click(screen.getByRole('button', { name: /^Current team:/ }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Create New Team' }));
      return screen.findByRole('dialog', { name: 'Create New Team' });
    };
    await userEvent.click(within(await openDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const dialog = await openDialog();
    expect(within(dialog).queryByText('Welcome to Tessera!')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Team name'), 'Initech');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Team' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('textbox', { name: 'Team name' })).toHaveProperty('value', 'Initech');
    expect(storage.get('selectedTenantUuid')).toBe(NEW_TEAM_UUID);
    expect(api.callsTo('GET', '/tenants').length).toBeGreaterThanOrEqual(2);
    await userEvent.click(screen.getByRole('button', { name: /^Current team:/ }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitemradio')
        .map((item) => [item.textContent, item.getAttribute('aria-checked')]),
    ).toEqual([
      ['AAcmeOwner', 'false'],
      ['IInitechOwner', 'true'],
    ]);
  });
});
