import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { clearSessionNotice } from '@/lib/session/session-store';

import { server } from './mocks/server';

// jsdom lacks what Radix's popper measures menus with; nothing is laid out there, so nothing to observe.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// How long findBy/waitFor wait before failing, once for the suite (docs/decisions/018). The first render of a route
// imports its lazy module, which a busy machine takes seconds to transform and evaluate; a wait ends as soon as what
// it waits for holds, so this deadline costs nothing when the app works and only bounds how long a failure takes.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  clearSessionNotice();
});
afterAll(() => server.close());
