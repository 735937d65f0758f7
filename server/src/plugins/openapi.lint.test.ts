// The API's OpenAPI document passes redocly lint with its recommended rules and the repository's committed config
// (redocly.yaml and its ignore file): what a client generator or a reader of /api/docs relies on.
import path from 'node:path';

import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { expect, it } from 'vitest';

import { buildTestApp } from '../../test/helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

it('passes redocly lint (recommended) with no error', async () => {
  const app = await buildTestApp();
  try {
    const document = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    const config = await loadConfig({ configPath: path.join(ROOT, 'redocly.yaml') });
    const problems = await lintFromString({
      source: document.body,
      // The name the ignore file gives the document, beside the config.
      absoluteRef: path.join(ROOT, 'openapi.json'),
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error' && !problem.ignored)
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(errors).toEqual([]);
    // The ignore file holds exactly the two paths it names, no more.
    expect(
      problems.filter((problem) => problem.ignored).map((problem) => problem.location[0]?.pointer),
    ).toEqual(['#/paths/~1api~1items~1', '#/paths/~1api~1feedback~1']);
  } finally {
    await app.close();
  }
});
