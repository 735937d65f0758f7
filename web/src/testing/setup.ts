import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { clearSessionNotice } from '@/lib/session/session-store';

import { server } from './mocks/server';

// jsdom lacks what Radix's popper measures menus with; nothing is laid out there, so nothing to observe.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  clearSessionNotice();
});
afterAll(() => server.close());
