import { mockEndpoint } from '@/testing/mocks/endpoint';
import type { InvitationAcceptance } from '@app/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { readTokenClaims } from '@/lib/session/token-claims';
import { storage } from '@/lib/storage';
import { accessTokenFor } from '@/testing/auth-response';
import { acme, globex, GLOBEX_UUID, me } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const GRACE_UUID = '00000000-0000-4000-8000-000000000009';

function acceptance(hasPassword: boolean): InvitationAcceptance {
  return {
    access_token: accessTokenFor('grace@example.com'),
    refresh_token: 'refresh-grace',
    email: 'grace@example.com',
    tenant_name: 'Globex',
    tenant_uuid: GLOBEX_UUID,
    user_uuid: GRACE_UUID,
    has_password: hasPassword,
  };
}

/** The invitation endpoints, and the calls that depend on who is signed in, answered by the bearer's email. */
function fakeInvitation({ hasPassword }: { hasPassword: boolean }) {
  const spent: string[] = [];
  const passwords: { token: string; bearer: string | null; body: unknown }[] = [];
  const emailOf = (request: Request) =>
    (
      readTokenClaims(request.headers.get('Authorization')?.replace('Bearer ', '') ?? '') as {
        email?: string;
      }
    )?.email;
  server.use(
    mockEndpoint('acceptInvitation', ({ params }) => {
      spent.push(params.token as string);
      return HttpResponse.json(acceptance(hasPassword));
    }),
    mockEndpoint('setInvitationPassword', async ({ params, request }) => {
      passwords.push({
        token: params.token as string,
        bearer: emailOf(request) ?? null,
        body: await request.json(),
      });
      return HttpResponse.json({ message: 'Password set' });
    }),
    // Grace is in Acme too, listed first: the team just joined must be the one selected.
    mockEndpoint('listTenants', ({ request }) =>
      HttpResponse.json(
        emailOf(request) === 'grace@example.com' ? [{ ...acme, user_role: 'member' }, globex] : [acme],
      ),
    ),
    mockEndpoint('getTenant', ({ request }) =>
      HttpResponse.json(request.headers.get('X-TENANT-UUID') === GLOBEX_UUID ? globex : acme),
    ),
    mockEndpoint('getMe', ({ request }) =>
      HttpResponse.json({ ...me, email: emailOf(request) ?? me.email, has_password: hasPassword }),
    ),
  );
  return { spent, passwords };
}

describe('/tenants/invitations/:token/accept', () => {
  it('processes the invitation once, signs the invited user in and opens the team just joined', async () => {
    const { spent } = fakeInvitation({ hasPassword: true });
    const router = renderApp('/tenants/invitations/tok%2Fen-1/accept');
    expect(await screen.findByRole('heading', { level: 1, name: 'Processing Invitation' })).toBeTruthy();

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Globex!' });
    expect(spent).toEqual(['tok/en-1']);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(storage.get('userEmail')).toBe('grace@example.com');
    expect(storage.get('refreshToken')).toBe('refresh-grace');
    expect(storage.get('selectedTenantUuid')).toBe(GLOBEX_UUID);

    await userEvent.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Globex, grace!' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(storage.get('selectedTenantUuid')).toBe(GLOBEX_UUID);
  });

  it('offers a new account a password, with the registration rules, before the dashboard', async () => {
    const { passwords } = fakeInvitation({ hasPassword: false });
    renderApp('/tenants/invitations/tok-1/accept');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Globex!' });
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(passwords).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Password'), 'graces password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'graces password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your password is set.');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(passwords).toEqual([
      { token: 'tok-1', bearer: 'grace@example.com', body: { password: 'graces password' } },
    ]);
  });

  it("shows the server's detail when the password cannot be set", async () => {
    fakeInvitation({ hasPassword: false });
    server.use(
      mockEndpoint('setInvitationPassword', () =>
        HttpResponse.json({ detail: 'Password already set' }, { status: 400 }),
      ),
    );
    renderApp('/tenants/invitations/tok-1/accept');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Globex!' });
    await userEvent.type(screen.getByLabelText('Password'), 'graces password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'graces password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password already set');
  });

  it("shows 'Invitation Error' with the page's text and the server's reason, and the way to sign in", async () => {
    server.use(
      mockEndpoint('acceptInvitation', () =>
        HttpResponse.json({ detail: 'Invalid or expired invitation' }, { status: 400 }),
      ),
    );
    const router = renderApp('/tenants/invitations/used/accept');
    await screen.findByRole('heading', { level: 1, name: 'Invitation Error' });
    expect(screen.getByRole('alert').textContent).toBe(
      'There was an error processing your invitation. The link may be expired or invalid.Invalid or expired invitation',
    );
    expect(storage.get('accessToken')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it("falls back to 'Failed to accept invitation' when the answer has no detail", async () => {
    server.use(mockEndpoint('acceptInvitation', () => new HttpResponse(null, { status: 500 })));
    renderApp('/tenants/invitations/tok-1/accept');
    await screen.findByRole('heading', { level: 1, name: 'Invitation Error' });
    expect(screen.getByRole('alert').textContent).toContain('Failed to accept invitation');
  });

  it('replaces whoever was signed in, and none of their data stays', async () => {
    fakeInvitation({ hasPassword: true });
    signIn();
    const router = renderApp('/settings');
    expect(await screen.findByText('Signed in as ada@example.com')).toBeTruthy();

    await router.navigate('/tenants/invitations/tok-1/accept');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Globex!' });
    await router.navigate('/settings');
    expect(await screen.findByText('Signed in as grace@example.com')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Current team:/ }).textContent).toContain('GlobexMember'),
    );
  });
});
