import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

import { createQueryClient } from '@/lib/query-client';
import { loadSession } from '@/lib/session/session-store';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(loadSession, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
