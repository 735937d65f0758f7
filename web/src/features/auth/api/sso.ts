import type { SsoCodeBody, SsoStartBody } from '@app/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiFetch, publicFetch } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

/** The SSO email form's resolver, fetched on demand as the sign-in form's. */
export const ssoStartResolver = lazyZodResolver(() =>
  import('@/features/auth/api/input-schemas').then((schemas) => schemas.ssoStartInputSchema),
);

/** POST /auth/sso/start: the provider's URL for the email's team; the answer also sets the attempt's cookie. */
export const startSso = (body: SsoStartBody) => publicFetch('ssoStart', { body });

/** Sends the browser on to the team's provider (a full page load: the provider's login is its own page). */
export function useStartSso() {
  return useMutation({
    mutationFn: startSso,
    onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
  });
}

/** POST /auth/sso/exchange: the one-time code /sso/complete is given, for a session; signs in with `useSignIn`. */
export const exchangeSsoCode = (body: SsoCodeBody) => publicFetch('ssoExchange', { body });

/** POST /auth/sso/link: links the identity of an sso_link_required answer to the signed-in account. */
export const linkSso = (body: SsoCodeBody) => apiFetch('ssoLink', { body });

/** GET /auth/sso/identities: the providers' identities linked to the account. */
export const getSsoIdentities = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('listSsoIdentities', { signal });

export const ssoIdentitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sso-identities'],
    queryFn: ({ signal }) => getSsoIdentities({ signal }),
  });

export const useSsoIdentities = () => useQuery(ssoIdentitiesQueryOptions());

export function useLinkSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkSso,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoIdentitiesQueryOptions().queryKey }),
  });
}
