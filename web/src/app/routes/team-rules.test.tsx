// A team page whose calls the team's rules refuse (docs/contract.md section 4: 403 two_factor_required or
// sso_required) says what to do instead of a page of failures: set up a second factor, or sign in through SSO.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { mockEndpoint } from '@/testing/mocks/endpoint';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const refusedBy = (code: 'two_factor_required' | 'sso_required', detail: string) =>
  mockEndpoint('listItems', () => HttpResponse.json({ detail, code }, { status: 403 }));

describe("a team page the team's rules refuse", () => {
  it('leads a member without a second factor to Settings, which says why', async () => {
    server.use(refusedBy('two_factor_required', 'This team requires two-factor authentication'));
    signIn();
    const router = renderApp('/items');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'This team requires two-factor authentication' }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Set up two-factor' }));
    expect(
      await screen.findByText(
        'Your team requires two-factor authentication. Set up an authenticator app or a passkey below, then go back to the team.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('link', { name: 'Back to the team' }).getAttribute('href')).toBe('/dashboard');
  });

  it('offers a member single sign-on, and tries again when asked', async () => {
    const starts: unknown[] = [];
    let refuse = true;
    server.use(
      mockEndpoint('listItems', () =>
        refuse
          ? HttpResponse.json(
              { detail: 'This team requires single sign-on', code: 'sso_required' },
              { status: 403 },
            )
          : HttpResponse.json([]),
      ),
      mockEndpoint('ssoStart', async ({ request }) => {
        starts.push(await request.json());
        return HttpResponse.json(
          { detail: 'Single sign-on is not set up for this domain', code: 'sso_not_set_up' },
          { status: 404 },
        );
      }),
    );
    signIn();
    renderApp('/items');
    await screen.findByRole('heading', { level: 2, name: 'This team requires single sign-on' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
    expect(await screen.findByText('Single sign-on is not set up for this domain')).toBeTruthy();
    expect(starts).toEqual([{ email: 'ada@example.com' }]);

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No items found.')).toBeTruthy();
    expect(screen.queryByText('This team requires single sign-on')).toBeNull();
  });
});
