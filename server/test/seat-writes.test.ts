// Who holds a seat changes in one place (members/membership-writes.ts), which tells billing in the same transaction
// (docs/contract.md section 4, Per-seat billing). This reads every server source for a write that adds, removes or
// (de)activates a membership elsewhere: a new way in or out that bypassed it would leave a per-seat quantity wrong.
// The behaviour of each way is billing/seats/seats.test.ts's table.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** The writes that move a seat: a membership inserted or deleted, or its deactivation set. */
const SEAT_WRITES = [
  /\.(insert|delete)\(\s*memberships\s*\)/g,
  /\.update\(\s*memberships\s*\)\s*\.set\(\{[^}]*deactivatedAt/g,
  /\b(insert\s+into|delete\s+from)\s+"?memberships\b/gi,
  /\bupdate\s+"?memberships"?\s+set\b[^;`]*deactivated_at/gi,
];

/** Where such a write may be, and why. */
const ALLOWED: Record<string, string> = {
  'modules/members/membership-writes.ts': 'the one place: each write tells billing (seatsChanged)',
  'db/seed.ts': 'the development seed, whose teams have no subscription',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('seat writes', () => {
  const found = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const writes = SEAT_WRITES.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0]));
    if (writes.length > 0) found.set(path.relative(SRC, file).split(path.sep).join('/'), writes);
  }

  it('add, remove or deactivate a member only in the places listed', () => {
    expect([...found.keys()].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('are the writes the patterns mean (the check sees them)', () => {
    expect(found.get('modules/members/membership-writes.ts')).toEqual([
      '.insert(memberships)',
      '.delete(memberships)',
      '.delete(memberships)',
      expect.stringMatching(/^\.update\(memberships\)\s*\.set\(\{ deactivatedAt$/),
    ]);
  });
});
