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
