import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { useSession } from '@/lib/session/use-session';
import { signIn } from '@/testing/render-app';

/** Stands in for the app shell's "Sign out" control, which calls the same signOut. */
function SignOutControl() {
  const { signOut } = useSession();
  return (
    <>
      <button type="button" onClick={signOut}>
        Sign out
      </button>
      <Outlet />
    </>
  );
}

it('signs out from a protected page to /login, not to the guard redirect for visitors', async () => {
  signIn();
  const router = createMemoryRouter([{ Component: SignOutControl, children: routes }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Tessera' });
  expect(router.state.location.pathname).toBe('/dashboard');

  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await screen.findByRole('heading', { level: 1, name: 'Tessera' });
  expect(router.state.location.pathname).toBe('/login');
  expect(localStorage.getItem('accessToken')).toBeNull();
  expect(localStorage.getItem('userEmail')).toBeNull();
});
