import type { RefreshBody } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { publicFetch } from '@/lib/api-client';
import { storage } from '@/lib/storage';

import { endSession, getSession, subscribeToSession } from './session-store';

export function useSession() {
  const session = useSyncExternalStore(subscribeToSession, getSession);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = useCallback(() => {
    // Revoke the refresh token on the server, but never wait for it: the user is signed out of
    // this browser whatever the server answers.
    const refreshToken = storage.get('refreshToken');
    if (refreshToken) {
      const body: RefreshBody = { refresh_token: refreshToken };
      // A public call: the refresh token is all the server needs, and a signed-in call could spend it on a refresh.
      publicFetch('logout', { body }).catch(() => {});
    }
    // The session ends before the navigation, so no guard ever sees /login while still signed in.
    endSession();
    queryClient.clear();
    void navigate(paths.auth.login.getHref(), { replace: true });
  }, [queryClient, navigate]);

  return { ...session, signOut };
}
