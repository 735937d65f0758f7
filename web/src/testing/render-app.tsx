import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { storage } from '@/lib/storage';

import { accessTokenFor } from './auth-response';

/**
 * Renders the whole app at `path`, as main.tsx does (StrictMode included, so effects run twice as in
 * development), and returns the router to read the location from.
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  return router;
}

type SignInOptions = {
  isSuperAdmin?: boolean;
  /** Seconds the access token has left. */
  expiresIn?: number;
  /** Stored as well when given, as a real sign-in does. */
  refreshToken?: string;
};

export function signIn({ isSuperAdmin = false, expiresIn = 900, refreshToken }: SignInOptions = {}) {
  storage.set('accessToken', accessTokenFor('ada@example.com', expiresIn, { is_super_admin: isSuperAdmin }));
  storage.set('userEmail', 'ada@example.com');
  if (refreshToken) storage.set('refreshToken', refreshToken);
}
