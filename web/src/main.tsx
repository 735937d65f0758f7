// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-without-eval';
import './index.css';

import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { PageSpinner } from '@/components/page-spinner';
import { startI18n } from '@/lib/i18n/i18n';
import { SIGNED_OUT_NAMESPACES } from '@/lib/i18n/namespaces';
import { storedLocale } from '@/lib/preferences';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The words come before the first render, so that no page shows in one language and then another.
await startI18n(storedLocale(), SIGNED_OUT_NAMESPACES);

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <Suspense fallback={<PageSpinner />}>
        <AppRouter />
      </Suspense>
    </AppProvider>
  </StrictMode>,
);
