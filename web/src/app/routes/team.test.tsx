import { mockEndpoint } from '@/testing/mocks/endpoint';
import type { PendingInvitation, Tenant } from '@app/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { fakeBilling, seatSubscription, subscription } from '@/testing/mocks/billing';
import { acme, ACME_UUID, invitation, member } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fakeTeams } from '@/testing/mocks/teams';
import { renderApp, signIn } from '@/testing/render-app';

const boss = member('boss@example.com', 'owner', 2);
const bob = member('bob@example.com', 'member', 3);
const carol = member('carol@example.com', 'admin', 4);

/** Ada in Acme with `role`, next to its owner (unless ada is the owner), bob and carol; `pending` are invited. */
function teamWithAda(role: Tenant['user_role'], pending: PendingInvitation[] = []) {
  const others = role === 'owner' ? [bob, carol] : [boss, bob, carol];
  return fakeTeams({
    tenants: [{ ...acme, user_role: role }],
    members: { [ACME_UUID]: others },
    invitations: { [ACME_UUID]: pending },
  });
}

async function renderTeam() {
  signIn();
  renderApp('/team');
  await screen.findByRole('heading', { level: 1, name: 'Team Settings' });
  return screen.findByRole('table', { name: 'Members' });
}

const rowOf = (email: string) => screen.getByRole('cell', { name: new RegExp(email) }).closest('tr')!;
const cellsOf = (email: string) =>
  within(rowOf(email))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/team settings form', () => {
  it('enables Save only with unsaved changes, requires a name, and saves', async () => {
    const api = teamWithAda('admin');
    await renderTeam();
    const name = screen.getByRole('textbox', { name: 'Team name' });
    const description = screen.getByRole('textbox', { name: 'Description' });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect([(name as HTMLInputElement).value, (description as HTMLTextAreaElement).value]).toEqual([
      'Acme',
      'Rockets and anvils',
    ]);
    expect(save.disabled).toBe(true);
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    await userEvent.type(name, ' Corp');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(save.disabled).toBe(false);
    await userEvent.type(name, '{Backspace>5/}');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(save.disabled).toBe(true);

    await userEvent.clear(name);
    await userEvent.click(save);
    expect(await screen.findByText('Team name is required')).toBeTruthy();
    expect(api.callsTo('PUT', '/tenant')).toEqual([]);

    await userEvent.type(name, 'Acme Corp');
    await userEvent.clear(description);
    await userEvent.click(save);
    expect((await screen.findByRole('status')).textContent).toBe('Team settings updated successfully');
    expect(api.callsTo('PUT', '/tenant').map(({ body, tenant }) => [body, tenant])).toEqual([
      [{ name: 'Acme Corp', description: null }, ACME_UUID],
    ]);
    expect(save.disabled).toBe(true);
    // The switcher shows the new name too.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Current team:/ }).textContent).toContain('Acme Corp'),
    );
  });

  it("shows the server's detail, or 'Failed to update team settings'", async () => {
    teamWithAda('owner');
    server.use(
      mockEndpoint('updateTenant', () => HttpResponse.json({ detail: 'Name taken' }, { status: 400 }), {
        once: true,
      }),
      mockEndpoint('updateTenant', () => new HttpResponse(null, { status: 500 })),
    );
    await renderTeam();
    await userEvent.type(screen.getByRole('textbox', { name: 'Team name' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name taken');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update team settings'));
  });

  it("says 'No tenant selected' without a team", async () => {
    fakeTeams({ tenants: [] });
    signIn();
    renderApp('/team');
    await screen.findByRole('dialog', { name: 'Welcome to Tessera!' });
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('No tenant selected');
  });
});

describe('/team members', () => {
  it("lists email, role and joined date with 'You', and gives a member no way to change anything", async () => {
    teamWithAda('member');
    await renderTeam();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Email',
      'Role',
      'Joined',
    ]);
    expect(cellsOf('ada@example.com')).toEqual(['ada@example.comYou', 'Member', 'Jan 15, 2025']);
    expect(cellsOf('boss@example.com')).toEqual(['boss@example.com', 'Owner', 'Feb 15, 2025']);
    expect(cellsOf('carol@example.com')).toEqual(['carol@example.com', 'Administrator', 'Apr 15, 2025']);
    expect(screen.queryByRole('button', { name: 'Invite Member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Make|Remove|Transfer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Team name' }).hasAttribute('readonly')).toBe(true);
  });

  it('gives an admin the actions column, with none on the own row or the owner', async () => {
    teamWithAda('admin');
    await renderTeam();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Email',
      'Role',
      'Joined',
      'Actions',
    ]);
    expect(screen.getByRole('button', { name: 'Invite Member' })).toBeTruthy();
    expect(cellsOf('ada@example.com')[3]).toBe('');
    expect(cellsOf('boss@example.com')[3]).toBe('');
    expect(cellsOf('bob@example.com')[3]).toBe('Make AdminRemove');
    expect(cellsOf('carol@example.com')[3]).toBe('Make MemberRemove');
  });

  it('toggles a role after a confirmation', async () => {
    const api = teamWithAda('admin');
    await renderTeam();

    await userEvent.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Make Admin' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Make Admin' });
    expect(within(confirm).getByText("Change bob@example.com's role to Administrator?")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('PATCH', '/members/role')).toEqual([]);

    await userEvent.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Make Admin' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Make Admin' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(cellsOf('bob@example.com')[1]).toBe('Administrator'));
    expect(cellsOf('bob@example.com')[3]).toBe('Make MemberRemove');

    await userEvent.click(within(rowOf('carol@example.com')).getByRole('button', { name: 'Make Member' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Make Member' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Make Member' }));
    await waitFor(() => expect(cellsOf('carol@example.com')[1]).toBe('Member'));

    expect(api.callsTo('PATCH', '/members/role').map(({ body, tenant }) => [body, tenant])).toEqual([
      [{ user_uuid: bob.user_uuid, new_role: 'admin' }, ACME_UUID],
      [{ user_uuid: carol.user_uuid, new_role: 'member' }, ACME_UUID],
    ]);
  });

  it("shows the server's detail, or 'Failed to change member role'", async () => {
    teamWithAda('admin');
    server.use(
      mockEndpoint('changeMemberRole', () => HttpResponse.json({ detail: 'Nope' }, { status: 403 }), {
        once: true,
      }),
      mockEndpoint('changeMemberRole', () => new HttpResponse(null, { status: 500 })),
    );
    await renderTeam();
    for (const expected of ['Nope', 'Failed to change member role']) {
      await userEvent.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Make Admin' }));
      const confirm = await screen.findByRole('alertdialog');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Make Admin' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(expected));
    }
  });

  it("removes a member after a confirmation, or shows 'Failed to remove member'", async () => {
    const api = teamWithAda('owner');
    await renderTeam();
    await userEvent.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove member' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('bob@example.com')).toBeNull());
    expect(api.callsTo('DELETE', '/members').map(({ body }) => body)).toEqual([{ user_uuid: bob.user_uuid }]);

    server.use(mockEndpoint('removeMember', () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(within(rowOf('carol@example.com')).getByRole('button', { name: 'Remove' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to remove member'));
    expect(screen.getByText('carol@example.com')).toBeTruthy();
  });

  it('marks whom the directory manages or deactivated, offers no transfer to a deactivated one, and warns before removing one', async () => {
    const dave = { ...member('dave@example.com', 'member', 5), managed_by_directory: true };
    const erin = { ...member('erin@example.com', 'member', 6), managed_by_directory: true, active: false };
    const api = fakeTeams({ tenants: [acme], members: { [ACME_UUID]: [bob, dave, erin] } });
    await renderTeam();
    // The badge's description is read after its word, by screen readers only.
    expect(cellsOf('dave@example.com')[0]).toBe(
      'dave@example.comDirectory, Managed by your directory (SCIM)',
    );
    expect(
      within(rowOf('dave@example.com')).getByText('Managed by your directory (SCIM)', { exact: false })
        .className,
    ).toBe('sr-only');
    expect(cellsOf('erin@example.com')[0]).toBe(
      'erin@example.comDirectory, Managed by your directory (SCIM)Deactivated',
    );
    expect(cellsOf('bob@example.com')[0]).toBe('bob@example.com');
    // The team is never handed to someone its directory has shut out; the rest stays.
    expect(cellsOf('dave@example.com')[3]).toBe('Make AdminTransfer ownershipRemove');
    expect(cellsOf('erin@example.com')[3]).toBe('Make AdminRemove');

    const managedText =
      'This member is managed by your directory. Remove them there too, or the directory may add them again.';
    await userEvent.click(within(rowOf('bob@example.com')).getByRole('button', { name: 'Remove' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove member' });
    expect(within(confirm).queryByText(managedText)).toBeNull();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await userEvent.click(within(rowOf('dave@example.com')).getByRole('button', { name: 'Remove' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Remove member' });
    expect(within(confirm).getByText(/^Remove dave@example\.com from the team\?/)).toBeTruthy();
    expect(within(confirm).getByText(managedText)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('dave@example.com')).toBeNull());
    expect(api.callsTo('DELETE', '/members').map(({ body }) => body)).toEqual([
      { user_uuid: dave.user_uuid },
    ]);
  });

  it('lets the owner transfer ownership after a confirmation, becoming an admin', async () => {
    const api = teamWithAda('owner');
    await renderTeam();
    expect(cellsOf('bob@example.com')[3]).toBe('Make AdminTransfer ownershipRemove');

    await userEvent.click(
      within(rowOf('carol@example.com')).getByRole('button', { name: 'Transfer ownership' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Transfer ownership' });
    expect(
      within(confirm).getByText(
        'Make carol@example.com the owner of this team? You will become an administrator.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Transfer ownership' }));

    await waitFor(() => expect(cellsOf('carol@example.com')[1]).toBe('Owner'));
    expect(api.callsTo('POST', '/tenant/transfer-ownership').map(({ body }) => body)).toEqual([
      { user_uuid: carol.user_uuid },
    ]);
    await waitFor(() => expect(cellsOf('ada@example.com')[1]).toBe('Administrator'));
    expect(screen.queryByRole('button', { name: 'Transfer ownership' })).toBeNull();
    expect(cellsOf('carol@example.com')[3]).toBe('');
    expect(screen.getByRole('button', { name: /^Current team:/ }).textContent).toContain('Administrator');
  });

  it("says 'No members found.' for an empty list", async () => {
    server.use(mockEndpoint('listMembers', () => HttpResponse.json([])));
    signIn();
    renderApp('/team');
    expect(await screen.findByText('No members found.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's detail, or 'Failed to load members'", async () => {
    server.use(
      mockEndpoint('listMembers', () => HttpResponse.json({ detail: 'Members are away' }, { status: 500 })),
    );
    signIn();
    renderApp('/team');
    expect((await screen.findByRole('alert')).textContent).toBe('Members are away');
    cleanup();

    server.use(mockEndpoint('listMembers', () => new HttpResponse(null, { status: 500 })));
    renderApp('/team');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load members');
  });
});

describe('/team invite dialog', () => {
  async function openInvite() {
    await userEvent.click(screen.getByRole('button', { name: 'Invite Member' }));
    return screen.findByRole('dialog', { name: 'Invite Members' });
  }

  it('asks for at least one email, and valid ones', async () => {
    const api = teamWithAda('admin');
    await renderTeam();
    const dialog = await openInvite();
    const send = within(dialog).getByRole('button', { name: 'Send invitations' });

    await userEvent.click(send);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please enter at least one email address',
    );
    await userEvent.type(within(dialog).getByLabelText('Email 1'), 'dave@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add another' }));
    await userEvent.type(within(dialog).getByLabelText('Email 2'), 'dave@');
    await userEvent.click(send);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Please enter valid email addresses for all invites',
      ),
    );
    expect(api.callsTo('POST', '/invite')).toEqual([]);
  });

  it("says 'Invitation sent to {email}' and closes after 2 seconds", async () => {
    const api = teamWithAda('admin');
    await renderTeam();
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByLabelText('Email 1'), ' Dave@Example.com ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role 1'), 'Administrator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));

    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Invitation sent to dave@example.com',
    );
    expect(api.callsTo('POST', '/invite').map(({ body, tenant }) => [body, tenant])).toEqual([
      [{ email: 'dave@example.com', role: 'admin' }, ACME_UUID],
    ]);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says '{n} invitations sent successfully', skipping blank rows", async () => {
    const api = teamWithAda('owner');
    await renderTeam();
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByLabelText('Email 1'), 'dave@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add another' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add another' }));
    await userEvent.type(within(dialog).getByLabelText('Email 3'), 'erin@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));

    expect((await within(dialog).findByRole('status')).textContent).toBe('2 invitations sent successfully');
    expect(api.callsTo('POST', '/invite').map(({ body }) => body)).toEqual([
      { email: 'dave@example.com', role: 'member' },
      { email: 'erin@example.com', role: 'member' },
    ]);
  });

  it('says what was sent and what failed, keeping only the failures to send again', async () => {
    teamWithAda('admin');
    await renderTeam();
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByLabelText('Email 1'), 'dave@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add another' }));
    await userEvent.type(within(dialog).getByLabelText('Email 2'), 'bob@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));

    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Invitation sent to dave@example.com',
    );
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'bob@example.com: User is already a member of this team',
    );
    expect((within(dialog).getByLabelText('Email 1') as HTMLInputElement).value).toBe('bob@example.com');
    expect(within(dialog).queryByLabelText('Email 2')).toBeNull();
    // Not a success: the dialog stays.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(screen.getByRole('dialog', { name: 'Invite Members' })).toBeTruthy();
  });

  it("shows the server's detail, or 'Failed to send invitations', and keeps what failed", async () => {
    teamWithAda('admin');
    await renderTeam();
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByLabelText('Email 1'), 'bob@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'User is already a member of this team',
    );

    server.use(mockEndpoint('invite', () => new HttpResponse(null, { status: 500 })));
    await userEvent.clear(within(dialog).getByLabelText('Email 1'));
    await userEvent.type(within(dialog).getByLabelText('Email 1'), 'dave@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to send invitations'),
    );
    expect((within(dialog).getByLabelText('Email 1') as HTMLInputElement).value).toBe('dave@example.com');
  });
});

describe('/team invite dialog on a per-seat plan', () => {
  async function openInvite() {
    await userEvent.click(screen.getByRole('button', { name: 'Invite Member' }));
    return screen.findByRole('dialog', { name: 'Invite Members' });
  }

  it('says what the invitation adds before it is sent, on each live status', async () => {
    for (const status of ['active', 'trialing', 'past_due', 'unpaid'] as const) {
      teamWithAda('admin');
      fakeBilling({ subscription: seatSubscription(3, { status }) });
      await renderTeam();
      const dialog = await openInvite();
      expect(await within(dialog).findByText('Adds 1 seat: $99.00 a month'), status).toBeTruthy();
      cleanup();
    }
  });

  it('says it a year on an annual subscription, and counts the rows with an email', async () => {
    const api = teamWithAda('owner');
    fakeBilling({ subscription: seatSubscription(3, { billing_interval: 'annual', unit_amount: 59400 }) });
    await renderTeam();
    const dialog = await openInvite();
    expect(await within(dialog).findByText('Adds 1 seat: $594.00 a year')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Email 1'), 'dave@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add another' }));
    expect(within(dialog).getByText('Adds 1 seat: $594.00 a year')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Email 2'), 'erin@example.com');
    expect(within(dialog).getByText('Adds 2 seats: $1,188.00 a year')).toBeTruthy();

    // Said, not asked: the invitations go out as always.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('2 invitations sent successfully');
    expect(api.callsTo('POST', '/invite')).toHaveLength(2);
  });

  it('says nothing on a flat plan, without a subscription, or once it has ended', async () => {
    const cases = [
      subscription({ plan_id: 'pro' }),
      null,
      seatSubscription(3, { status: 'canceled' }),
      seatSubscription(3, { status: 'incomplete' }),
    ];
    for (const current of cases) {
      teamWithAda('admin');
      const api = fakeBilling({ subscription: current });
      await renderTeam();
      const dialog = await openInvite();
      await waitFor(() => expect(api.callsTo('GET', '/payments/subscription').length).toBeGreaterThan(0));
      // A live subscription's plan is looked up: it says whether the plan is per seat.
      if (current?.status === 'active') {
        await waitFor(() => expect(api.callsTo('GET', '/payments/plans').length).toBeGreaterThan(0));
      }
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(within(dialog).getByRole('button', { name: 'Send invitations' })).toBeTruthy();
      expect(within(dialog).queryByText(/Adds \d+ seats?/), String(current?.plan_id)).toBeNull();
      cleanup();
    }
  });

  it('lets the admin invite when the subscription cannot be read', async () => {
    const api = teamWithAda('admin');
    fakeBilling({ subscription: seatSubscription(3) });
    server.use(mockEndpoint('getSubscription', () => new HttpResponse(null, { status: 500 })));
    await renderTeam();
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByLabelText('Email 1'), 'dave@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Invitation sent to dave@example.com',
    );
    expect(within(dialog).queryByText(/Adds \d+ seats?/)).toBeNull();
    expect(api.callsTo('POST', '/invite')).toHaveLength(1);
  });
});

describe('/team pending invitations', () => {
  const HOUR_MS = 60 * 60 * 1000;
  const dave = invitation('dave@example.com', 'admin', 2, { invited_by_email: 'boss@example.com' });
  const erin = invitation('erin@example.com', 'member', 1);
  const pendingTable = () => screen.findByRole('table', { name: 'Pending invitations' });
  const invitationRow = (table: HTMLElement, email: string) =>
    within(table).getByText(email, { selector: 'p' }).closest('tr')!;
  const invitationCells = (table: HTMLElement, email: string) =>
    within(invitationRow(table, email))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);

  it('lists email, role, inviter and expiry to an admin, with Resend and Revoke named by email', async () => {
    const soon = invitation('fay@example.com', 'member', 3, {
      invited_by_email: null,
      expires_at: new Date(Date.now() + 5 * HOUR_MS - 60_000).toISOString(),
    });
    const api = teamWithAda('admin', [soon, dave, erin]);
    await renderTeam();
    expect(screen.getByRole('heading', { level: 2, name: 'Pending invitations' })).toBeTruthy();
    const table = await pendingTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email', 'Role', 'Expires', 'Actions']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.firstChild!.textContent),
    ).toEqual(['fay@example.com', 'dave@example.com', 'erin@example.com']);
    // Who invited is said under the address.
    expect(invitationCells(table, 'dave@example.com')).toEqual([
      'dave@example.comInvited by boss@example.com',
      'Administrator',
      'Expires on Mar 9, 2099',
      'ResendRevoke',
    ]);
    expect(invitationCells(table, 'erin@example.com').slice(0, 3)).toEqual([
      'erin@example.comInvited by ada@example.com',
      'Member',
      'Expires on Mar 8, 2099',
    ]);
    // Within the last day the hours left matter more than the date; an inviter whose account is gone is said so.
    expect(invitationCells(table, 'fay@example.com')).toEqual([
      'fay@example.comInvited by a deleted account',
      'Member',
      'Expires in 5 hours',
      'ResendRevoke',
    ]);
    const expiry = within(invitationRow(table, 'dave@example.com')).getByText('Expires on Mar 9, 2099');
    expect(expiry.tagName).toBe('TIME');
    expect(expiry.getAttribute('datetime')).toBe(dave.expires_at);

    for (const email of ['fay@example.com', 'dave@example.com', 'erin@example.com']) {
      expect(within(table).getByRole('button', { name: `Resend invitation to ${email}` })).toBeTruthy();
      expect(within(table).getByRole('button', { name: `Revoke invitation for ${email}` })).toBeTruthy();
    }
    expect(new Set(api.callsTo('GET', '/invitations').map(({ tenant }) => tenant))).toEqual(
      new Set([ACME_UUID]),
    );
  });

  it('is neither shown to a member nor asked for', async () => {
    const api = teamWithAda('member', [dave]);
    await renderTeam();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByText('dave@example.com')).toBeNull();
    expect(api.callsTo('GET', '/invitations')).toEqual([]);
  });

  it('revokes an invitation after a confirmation, and the row goes', async () => {
    const api = teamWithAda('owner', [dave, erin]);
    await renderTeam();
    const table = await pendingTable();
    const revoke = within(table).getByRole('button', { name: 'Revoke invitation for dave@example.com' });

    await userEvent.click(revoke);
    let confirm = await screen.findByRole('alertdialog', { name: 'Revoke invitation' });
    expect(
      within(confirm).getByText(
        'Revoke the invitation for dave@example.com? The link they were sent stops working.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('DELETE', `/invitations/${dave.uuid}`)).toEqual([]);

    await userEvent.click(revoke);
    confirm = await screen.findByRole('alertdialog', { name: 'Revoke invitation' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(table).queryByText('dave@example.com')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Invitation for dave@example.com revoked');
    expect(within(table).getByText('erin@example.com')).toBeTruthy();
    expect(api.callsTo('DELETE', `/invitations/${dave.uuid}`).map(({ tenant }) => tenant)).toEqual([
      ACME_UUID,
    ]);

    // A failure says so and keeps the row.
    server.use(mockEndpoint('revokeInvitation', () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(
      within(table).getByRole('button', { name: 'Revoke invitation for erin@example.com' }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to revoke invitation'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(within(table).getByText('erin@example.com')).toBeTruthy();
  });

  it("resends an invitation, saying 'Invitation resent to {email}', and shows its new expiry", async () => {
    const soon = invitation('fay@example.com', 'member', 3, {
      expires_at: new Date(Date.now() + 2 * HOUR_MS).toISOString(),
    });
    const api = teamWithAda('admin', [soon, dave]);
    await renderTeam();
    const table = await pendingTable();
    expect(invitationCells(table, 'fay@example.com')[2]).toBe('Expires in 2 hours');

    await userEvent.click(
      within(table).getByRole('button', { name: 'Resend invitation to fay@example.com' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Invitation resent to fay@example.com');
    expect(invitationCells(table, 'fay@example.com')[2]).toMatch(/^Expires on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(api.callsTo('POST', `/invitations/${soon.uuid}/resend`).map(({ tenant }) => tenant)).toEqual([
      ACME_UUID,
    ]);

    server.use(
      mockEndpoint('resendInvitation', () =>
        HttpResponse.json({ detail: 'Invalid or expired invitation' }, { status: 400 }),
      ),
    );
    await userEvent.click(
      within(table).getByRole('button', { name: 'Resend invitation to dave@example.com' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired invitation');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says 'No pending invitations.' when nobody is pending", async () => {
    teamWithAda('owner');
    await renderTeam();
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Pending invitations' })).toBeNull();
  });

  it("shows the server's detail, or 'Failed to load invitations', and tries again", async () => {
    teamWithAda('owner', [dave]);
    // Falls through to the fake team API once the failure is over.
    let failure: Response | null = HttpResponse.json({ detail: 'Invitations are away' }, { status: 500 });
    server.use(mockEndpoint('listInvitations', () => failure?.clone()));
    await renderTeam();
    expect((await screen.findByRole('alert')).textContent).toBe('Invitations are awayTry again');
    cleanup();

    failure = new HttpResponse(null, { status: 500 });
    renderApp('/team');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to load invitationsTry again');
    failure = null;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(invitationCells(await pendingTable(), 'dave@example.com')[1]).toBe('Administrator');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("loads the next page with 'Load more'", async () => {
    teamWithAda('owner');
    server.use(
      mockEndpoint('listInvitations', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'page-2'
          ? HttpResponse.json([erin])
          : HttpResponse.json([dave], { headers: { 'X-Next-Cursor': 'page-2' } }),
      ),
    );
    await renderTeam();
    const table = await pendingTable();
    expect(within(table).queryByText('erin@example.com')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('erin@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('lists an invitation sent from the Invite dialog', async () => {
    const api = teamWithAda('admin', [dave]);
    await renderTeam();
    await pendingTable();
    const reads = api.callsTo('GET', '/invitations').length;
    await userEvent.click(screen.getByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Members' });
    await userEvent.type(within(dialog).getByLabelText('Email 1'), 'gus@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Invitation sent to gus@example.com',
    );
    await waitFor(() => expect(api.callsTo('GET', '/invitations').length).toBeGreaterThan(reads));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = await pendingTable();
    expect(invitationCells(table, 'gus@example.com').slice(0, 2)).toEqual([
      'gus@example.comInvited by ada@example.com',
      'Member',
    ]);
    expect(within(table).getByText('dave@example.com')).toBeTruthy();
  });
});

describe('/team links to the activity log and the developer platform', () => {
  it('links admins and the owner to /team/activity and /team/developers, and not a member', async () => {
    for (const role of ['owner', 'admin'] as const) {
      teamWithAda(role);
      await renderTeam();
      expect(screen.getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe('/team/activity');
      expect(screen.getByRole('link', { name: 'Developers' }).getAttribute('href')).toBe('/team/developers');
      cleanup();
    }
    teamWithAda('member');
    await renderTeam();
    expect(screen.queryByRole('link', { name: 'Activity' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Developers' })).toBeNull();
  });
});
