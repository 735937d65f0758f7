import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// One measure of the machine for every suite, outside the app's source (docs/decisions/018).
// eslint-disable-next-line no-restricted-imports
import { scaled } from '../../../test-deadlines.ts';

import { startI18n } from '@/lib/i18n/i18n';
import { NAMESPACES } from '@/lib/i18n/namespaces';
import { clearTeamRuleRefusal } from '@/lib/session/team-rule-refusal';
import { clearSessionNotice } from '@/lib/session/session-store';

import { server } from './mocks/server';

// jsdom lacks what Radix's popper measures menus with; nothing is laid out there, so nothing to observe.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom has no media queries: the system's theme there is light (lib/theme.ts follows it).
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// How long findBy/waitFor and a test wait before failing, once for the suite and stretched on a busy machine
// (docs/decisions/018). The first render of a route imports its lazy module, which a busy machine takes seconds to
// transform and evaluate; a wait ends as soon as what it waits for holds, so a deadline only bounds how long a
// failure takes to report.
configure({ asyncUtilTimeout: scaled(5_000) });
vi.setConfig({ testTimeout: scaled(20_000) });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  clearSessionNotice();
  clearTeamRuleRefusal();
});
afterAll(() => server.close());

// Every English catalogue, before any component renders: the tests read the words docs/spec.md fixes. (A test file
// in the node environment renders nothing.)
if (typeof document !== 'undefined') await startI18n('en', NAMESPACES);
