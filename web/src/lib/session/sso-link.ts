// A single sign-on that waits to be linked to an existing account (docs/contract.md section 4, Enterprise identity).
import { paths } from '@/config/paths';

/**
 * The code of an sso_link_required answer, kept in this tab while its holder signs in as usual; Settings links it.
 * The server binds it to this browser and to that account, and it lives 10 minutes.
 */
const PENDING_LINK = 'tessera.sso-link';
export const pendingSsoLink = {
  read: () => sessionStorage.getItem(PENDING_LINK),
  keep: (code: string) => sessionStorage.setItem(PENDING_LINK, code),
  clear: () => sessionStorage.removeItem(PENDING_LINK),
};

/** Where a sign-in goes: Settings while a single sign-on waits there to be linked, else the dashboard. */
export const afterSignInHref = () =>
  pendingSsoLink.read() ? paths.app.settings.getHref() : paths.app.dashboard.getHref();
