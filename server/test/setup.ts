// Each test file's deadlines, stretched by how busy the machine is now (docs/decisions/018): hang guards, not speed
// budgets. Child-process tests start the real server, each start a PGlite initdb and every migration.
import { vi } from 'vitest';

import { remeasureSlowdown, scaled } from '../../test-deadlines.ts';

remeasureSlowdown();
vi.setConfig({ testTimeout: scaled(60_000), hookTimeout: scaled(60_000) });
