import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, expect, it } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { storage } from '@/lib/storage';
import { fakeAccessToken } from '@/testing/access-token';

import { loadSession } from './session-store';
import { useSession } from './use-session';

beforeAll(loadSession);

function renderSession() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/items']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(
    () => ({ session: useSession(), location: useLocation(), queryClient: useQueryClient() }),
    {
      wrapper,
    },
  );
}

it('reads the signed-in user and the super-admin claim from storage', () => {
  storage.set('accessToken', fakeAccessToken({ is_super_admin: true }));
  storage.set('userEmail', 'ada@example.com');
  const { result } = renderSession();
  expect(result.current.session).toMatchObject({
    status: 'authenticated',
    email: 'ada@example.com',
    isSuperAdmin: true,
  });
});

it('signs out: clears the session and tenant, keeps the sidebar preference, goes to /login', () => {
  storage.set('accessToken', fakeAccessToken({}));
  storage.set('refreshToken', 'refresh-1');
  storage.set('userEmail', 'ada@example.com');
  storage.set('loginTime', '2025-01-01T00:00:00.000Z');
  storage.set('selectedTenantUuid', 'tenant-1');
  storage.set('sidebarCollapsed', 'true');
  const { result } = renderSession();
  result.current.queryClient.setQueryData(['tenants'], []);

  act(() => result.current.session.signOut());

  expect(result.current.session).toMatchObject({
    status: 'unauthenticated',
    email: null,
    isSuperAdmin: false,
  });
  expect(result.current.location.pathname).toBe('/login');
  expect(result.current.queryClient.getQueryData(['tenants'])).toBeUndefined();
  expect({ ...localStorage }).toEqual({ sidebarCollapsed: 'true' });
});
