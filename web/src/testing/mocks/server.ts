import { setupServer } from 'msw/node';

import { handlers } from './handlers';

/** The network edge of every web test (STYLE section 2.3, item 16): started in setup.ts. */
export const server = setupServer(...handlers);
