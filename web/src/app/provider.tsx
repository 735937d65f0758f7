import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

import { createQueryClient } from '@/lib/query-client';
import { getSession, loadSession, subscribeToSession } from '@/lib/session/session-store';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(loadSession, []);
  // However a session ends (sign-out, a refused refresh, another tab), its user's data must not be shown
  // to whoever signs in next.
  useEffect(() => {
    let wasSignedIn = getSession().status === 'authenticated';
    return subscribeToSession(() => {
      const isSignedIn = getSession().status === 'authenticated';
      if (wasSignedIn && !isSignedIn) queryClient.clear();
      wasSignedIn = isSignedIn;
    });
  }, [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
