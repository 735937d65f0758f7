import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

import { i18n } from '@/lib/i18n/i18n';
import { forgetAccountPreferences } from '@/lib/preferences';
import { createQueryClient } from '@/lib/query-client';
import { getSession, loadSession, subscribeToSession } from '@/lib/session/session-store';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(loadSession, []);
  // However a session ends (sign-out, a refused refresh, another tab), its user's data must not be shown
  // to whoever signs in next. Accepting an invitation signs in as the invited email's account even when
  // someone else was signed in, so a change of user clears the cached data too.
  useEffect(() => {
    let signedInAs = signedInEmail();
    return subscribeToSession(() => {
      const email = signedInEmail();
      if (signedInAs !== null && email !== signedInAs) {
        if (email === null) {
          queryClient.clear();
          // Signed-out pages follow the browser's language and the system's theme.
          void forgetAccountPreferences();
        }
        // Queries only: the mutation that signed the new user in is still reporting to its page.
        else queryClient.removeQueries();
      }
      signedInAs = email;
    });
  }, [queryClient]);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}

function signedInEmail(): string | null {
  const session = getSession();
  return session.status === 'authenticated' ? session.email : null;
}
