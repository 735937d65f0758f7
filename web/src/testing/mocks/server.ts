import { setupServer } from 'msw/node';

import { handlers } from './handlers';

/** The network edge of every web test: started in setup.ts. */
export const server = setupServer(...handlers);
