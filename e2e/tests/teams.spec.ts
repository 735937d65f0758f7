// Teams, walked as people use them: onboarding with an invite, accepting it, switching teams, managing members.
import type { Page } from '@playwright/test';

import { expect, openSidebar, test, uniqueEmail } from '../fixtures.ts';

async function openTeamSettings(page: Page) {
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Settings' })).toBeVisible();
}

test('a first sign-up creates a team with an invite; the invitee accepts, sets a password and is a Member', async ({
  page,
  browser,
  mailTo,
}) => {
  const founder = uniqueEmail();
  await page.goto('/register');
  await page.getByLabel('Email').fill(founder);
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Confirm password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();

  const onboarding = page.getByRole('dialog', { name: 'Welcome to Tessera!' });
  await expect(onboarding).toBeVisible();
  await expect(onboarding.getByRole('button', { name: 'Create Team' })).toBeDisabled();
  await onboarding.getByLabel('Team name').fill('Rocket Club');
  const invitee = uniqueEmail();
  await onboarding.getByLabel('Email 1').fill(invitee);
  await onboarding.getByRole('button', { name: 'Create Team' }).click();
  await expect(page.getByText(invitee).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Welcome to Rocket Club, ${founder.split('@')[0]}!`,
  );

  const mail = await mailTo(invitee);
  expect(mail.link).toContain('/tenants/invitations/');
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.99.0.1' } });
  const guest = await context.newPage();
  await guest.goto(mail.link);
  await expect(guest.getByRole('heading', { name: 'Welcome to Rocket Club!' })).toBeVisible();
  await guest.getByLabel('Password', { exact: true }).fill('the invitee password');
  await guest.getByLabel('Confirm password').fill('the invitee password');
  await guest.getByRole('button', { name: 'Set password' }).click();
  await expect(guest.getByText('Your password is set.')).toBeVisible();
  await guest.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(
    `Welcome to Rocket Club, ${invitee.split('@')[0]}!`,
  );
  await expect(guest.getByText('Access to Rocket Club as Member.')).toBeVisible();
  await context.close();
});

test('the team switcher switches teams and remembers the choice after a reload', async ({ page, signIn }) => {
  await signIn(undefined, { team: 'First Team' });
  await page.evaluate(async () => {
    const token = localStorage.getItem('accessToken');
    await fetch('/api/tenants', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Second Team' }),
    });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to First Team');
  await openSidebar(page);
  await page.getByRole('button', { name: /First Team/ }).click();
  await page.getByRole('menuitemradio', { name: /Second Team/ }).click();
  // Closes the drawer on a phone; nothing to close on a wide screen.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to Second Team');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to Second Team');
});

test('an admin toggles a role and removes a member; a member sees no invite button and no actions', async ({
  page,
  browser,
  signIn,
  mailTo,
}) => {
  const { email: owner } = await signIn(undefined, { team: 'Makers' });
  const member = uniqueEmail();
  const other = uniqueEmail();
  for (const email of [member, other]) {
    await page.evaluate(async (invitee) => {
      const token = localStorage.getItem('accessToken');
      const tenants = await (
        await fetch('/api/tenants', { headers: { authorization: `Bearer ${token}` } })
      ).json();
      await fetch('/api/invite', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-tenant-uuid': tenants[0].uuid,
        },
        body: JSON.stringify({ email: invitee, role: 'member' }),
      });
    }, email);
  }

  // The member's view: accept, then no Invite Member button and no actions column.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.98.0.1' } });
  const memberPage = await context.newPage();
  await memberPage.goto((await mailTo(member)).link);
  await memberPage.getByRole('link', { name: 'Go to Dashboard' }).click();
  await openTeamSettings(memberPage);
  await expect(memberPage.getByRole('cell', { name: owner })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
  await expect(memberPage.getByRole('columnheader', { name: /actions/i })).toHaveCount(0);
  await context.close();
  await page.request.get((await mailTo(other)).link.replace('/tenants/invitations/', '/api/invitations/'));

  await openTeamSettings(page);
  const memberRow = page.getByRole('row', { name: new RegExp(member) });
  await memberRow.getByRole('button', { name: 'Make Admin' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make Admin' }).click();
  await expect(memberRow.getByText('Administrator')).toBeVisible();

  const otherRow = page.getByRole('row', { name: new RegExp(other) });
  await otherRow.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('row', { name: new RegExp(other) })).toHaveCount(0);
});

test('an owner sees pending invitations with their expiry, resends one, revokes another, and an accepted one leaves the list', async ({
  page,
  browser,
  signIn,
  mailTo,
}) => {
  const { email: owner } = await signIn(undefined, { team: 'Pending Club' });
  await openTeamSettings(page);
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  const pendingRow = (email: string) => pending.getByRole('row', { name: new RegExp(email) });

  // Invited from the dialog, the invitation is listed at once: by whom, as what, and for the next 7 days.
  const ann = uniqueEmail();
  await inviteFromDialog(page, ann);
  const week = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
    new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
  );
  await expect(pendingRow(ann).getByRole('cell')).toHaveText([
    `${ann}Invited by ${owner}`,
    'Member',
    `Expires on ${week}`,
    'ResendRevoke',
  ]);

  // A resend mails a new link; the first one stops working and the new one lets Ann in.
  const first = await mailTo(ann);
  await pendingRow(ann)
    .getByRole('button', { name: `Resend invitation to ${ann}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation resent to ${ann}` })).toBeVisible();
  await expect.poll(async () => (await mailTo(ann)).link).not.toBe(first.link);
  const resent = await mailTo(ann);
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.97.0.1' } });
  const guest = await context.newPage();
  await expectInvalidInvitation(guest, first.link);

  // A revoked invitation leaves the list, and its link stops working.
  const bea = uniqueEmail();
  await inviteFromDialog(page, bea);
  await expect(pendingRow(bea)).toBeVisible();
  await pendingRow(bea)
    .getByRole('button', { name: `Revoke invitation for ${bea}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke invitation' });
  await expect(confirm).toContainText(`Revoke the invitation for ${bea}?`);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation for ${bea} revoked` })).toBeVisible();
  await expect(pendingRow(bea)).toHaveCount(0);
  await expect(pendingRow(ann)).toBeVisible();
  await expectInvalidInvitation(guest, (await mailTo(bea)).link);

  // Ann accepts with the new link: she is a member, and no longer pending.
  await guest.goto(resent.link);
  await expect(guest.getByRole('heading', { name: 'Welcome to Pending Club!' })).toBeVisible();
  await context.close();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: ann })).toBeVisible();
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await expect(pending).toHaveCount(0);
});

async function inviteFromDialog(page: Page, email: string) {
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Members' });
  await dialog.getByLabel('Email 1').fill(email);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByText(`Invitation sent to ${email}`)).toBeVisible();
  // The success closes the dialog by itself (docs/spec.md section 9).
  await expect(dialog).toBeHidden();
}

async function expectInvalidInvitation(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation Error' })).toBeVisible();
  await expect(page.getByText('Invalid or expired invitation')).toBeVisible();
}
