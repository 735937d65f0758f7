// Single sign-on in the browser (docs/contract.md section 4, Enterprise identity): a Business team with a verified
// domain saves its provider on the Security page; someone at the company signs in through "Sign in with SSO" and the
// provider's own login page, lands in the team, and sees how the session began; the owner then requires single
// sign-on, and a member of the domain with a password is led to sign in through it.
import { api, expect, onBusinessPlan, publishTxt, test } from '../fixtures';
import { SSO_PROVIDER } from '../sso-provider';

test('a company signs in through its own provider, then requires it', async ({
  page,
  browser,
  signIn,
  baseURL,
}) => {
  await signIn(undefined, { team: 'Initech' });
  await onBusinessPlan(page);
  const domain = `initech-${crypto.randomUUID().slice(0, 8)}.example`;
  const added = await api(page, 'POST', '/domains', { domain });
  const { id, txt_name, txt_value } = added.body as { id: string; txt_name: string; txt_value: string };
  publishTxt(txt_name, txt_value);
  expect((await api(page, 'POST', `/domains/${id}/verify`)).status).toBe(200);

  // The owner saves the provider on the Security page, and is shown what to register there.
  await page.goto('/team/security');
  const form = page.getByRole('form', { name: 'Single sign-on provider' });
  await form.getByLabel('Issuer URL').fill(SSO_PROVIDER.issuer);
  await form.getByLabel('Client ID').fill(SSO_PROVIDER.clientId);
  await form.getByLabel('Client secret').fill(SSO_PROVIDER.clientSecret);
  await form.getByRole('button', { name: 'Save provider' }).click();
  await expect(page.getByText(`${baseURL}/api/auth/sso/callback`)).toBeVisible();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  // Someone at the company, in a browser of their own: the provider's page, then the team.
  const { isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize(), isMobile, hasTouch });
  const person = await context.newPage();
  const email = `milton-${crypto.randomUUID().slice(0, 6)}@${domain}`;
  await person.goto('/login');
  await person.getByRole('button', { name: 'Sign in with SSO' }).click();
  const ssoForm = person.getByRole('form', { name: 'Single sign-on' });
  await ssoForm.getByLabel('Email').fill(email);
  await ssoForm.getByRole('button', { name: 'Continue' }).click();
  await expect(person).toHaveURL(new RegExp(`^${SSO_PROVIDER.issuer}/interaction/`));
  await person.locator('input[name=login]').fill(email);
  await person.locator('input[name=password]').fill('anything');
  await person.locator('button[type=submit]').click();
  await expect(person.getByRole('heading', { level: 1, name: /^Welcome to Initech/ })).toBeVisible();
  await person.goto('/settings');
  await expect(person.getByText('Single sign-on (Initech)')).toBeVisible();

  // The owner requires single sign-on: what it does, to whom, before it is on.
  await page.reload();
  const rule = page.getByRole('switch', { name: 'Require single sign-on' });
  await expect(page.getByText('1 member will sign in through single sign-on.')).toBeVisible();
  await rule.click();
  await expect(page.getByText('Single sign-on is now required.')).toBeVisible();
  await expect(rule).toHaveAttribute('aria-checked', 'true');

  // The person's session came through the provider: the team stays open to it.
  await person.goto('/items');
  await expect(person.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();
  await expect(person.getByText('This team requires single sign-on')).toHaveCount(0);
  await context.close();
});
