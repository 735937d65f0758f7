import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';

import { endSession, getSession, subscribeToSession } from './session-store';

export function useSession() {
  const session = useSyncExternalStore(subscribeToSession, getSession);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = useCallback(() => {
    // The session ends before the navigation, so no guard ever sees /login while still signed in.
    endSession();
    queryClient.clear();
    void navigate(paths.auth.login.getHref(), { replace: true });
  }, [queryClient, navigate]);

  return { ...session, signOut };
}
