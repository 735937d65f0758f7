/** The access rules of the docs/spec.md section 2 route table, as layout routes around the pages they protect. */
import { Navigate, Outlet } from 'react-router';

import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { afterSignInHref } from '@/lib/session/sso-link';
import { useSession } from '@/lib/session/use-session';

const dashboard = paths.app.dashboard.getHref();
const register = paths.auth.register.getHref();
const login = paths.auth.login.getHref();

export function GuestOnly() {
  const { status } = useSession();
  if (status === 'loading') return <PageSpinner />;
  return status === 'authenticated' ? <Navigate to={afterSignInHref()} replace /> : <Outlet />;
}

// A visitor is sent to /register; a user who just signed out is on the way to /login (docs/spec.md section 4).
export function SignedInOnly() {
  const { status, signedOut } = useSession();
  if (status === 'loading') return <PageSpinner />;
  return status === 'authenticated' ? <Outlet /> : <Navigate to={signedOut ? login : register} replace />;
}

export function SuperAdminOnly() {
  const { status, isSuperAdmin, signedOut } = useSession();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'unauthenticated') return <Navigate to={signedOut ? login : register} replace />;
  return isSuperAdmin ? <Outlet /> : <Navigate to={dashboard} replace />;
}

export function HomeRedirect() {
  const { status } = useSession();
  if (status === 'loading') return <PageSpinner />;
  return <Navigate to={status === 'authenticated' ? dashboard : register} replace />;
}
