// Each test file's deadlines, stretched by how busy the machine is now (docs/decisions/018): hang guards, not speed
// budgets. Child-process tests start the real server, on a copy of the migrated template or migrating on start.
import { vi } from 'vitest';

import { remeasureSlowdown, scaled } from '../../test-deadlines.ts';

remeasureSlowdown();
vi.setConfig({ testTimeout: scaled(60_000), hookTimeout: scaled(60_000) });
