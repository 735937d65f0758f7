import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { storage } from '@/lib/storage';

import { fakeAccessToken } from './access-token';

/** Renders the whole app at `path`, as main.tsx does, and returns the router to read the location from. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

export function signIn({ isSuperAdmin = false } = {}) {
  const exp = Math.floor(Date.now() / 1000) + 900;
  storage.set('accessToken', fakeAccessToken({ sub: 'user-1', exp, is_super_admin: isSuperAdmin }));
  storage.set('userEmail', 'ada@example.com');
}
