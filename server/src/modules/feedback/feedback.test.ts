// Feedback: the limits and texts of docs/spec.md sections 5 and 8, the route it came from, and nothing stored when rejected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { feedback } from '../../db/schema/feedback.ts';
import { buildTestApp, createTeam, inTenant, registerUser, type TestApp } from '../../../test/helpers.ts';

let app: TestApp;
let user: { access_token: string };
let team: string;

beforeAll(async () => {
  app = await buildTestApp();
  user = await registerUser(app);
  team = (await createTeam(app, user)).uuid;
});
afterAll(() => app.close());

const send = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/feedback/', headers: inTenant(user.access_token, team), payload });

describe('POST /feedback/', () => {
  it('stores the message with the page it was sent from', async () => {
    const response = await send({ message: 'Love the items page', route: '/items' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: 'Love the items page', route: '/items' });
    const rows = await app.database.db.select().from(feedback);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: team, message: 'Love the items page', route: '/items' });
  });

  it('accepts exactly 5000 characters and refuses 5001 or a blank message with the spec texts', async () => {
    expect((await send({ message: 'x'.repeat(5000), route: '/dashboard' })).statusCode).toBe(201);
    const before = (await app.database.db.select().from(feedback)).length;
    const cases = [
      [
        { message: 'x'.repeat(5001), route: '/dashboard' },
        'body.message: Feedback must be 5000 characters or less',
        'feedback_too_long',
      ],
      [
        { message: '   \n ', route: '/dashboard' },
        'body.message: Please enter your feedback',
        'feedback_required',
      ],
      [{ route: '/dashboard' }, 'body.message: Please enter your feedback', 'feedback_required'],
    ] as const;
    for (const [payload, detail, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail,
        code: 'validation',
        params: { field: 'body.message', message },
      });
    }
    expect((await app.database.db.select().from(feedback)).length).toBe(before);
  });

  it('needs the team header and membership like every tenant route', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback/',
      headers: { authorization: `Bearer ${user.access_token}` },
      payload: { message: 'hi', route: '/' },
    });
    expect(response.statusCode).toBe(400);
    const stranger = await registerUser(app);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/feedback/',
      headers: inTenant(stranger.access_token, team),
      payload: { message: 'hi', route: '/' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
