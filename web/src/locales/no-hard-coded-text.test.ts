// @vitest-environment node
// No component holds a word of its own (docs/decisions/025): the lint rule that says so, run over the web app here
// too, so that the test command fails on a hard-coded text, not only `npm run lint`.
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

it('finds no text outside the catalogues in any component', async () => {
  const eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === 'i18next/no-literal-string',
  });
  const results = await eslint.lintFiles(['web/src/**/*.tsx']);
  const found = results.flatMap((result) =>
    result.messages.map(
      (message) => `${result.filePath.slice(root.length)}:${message.line} ${message.message}`,
    ),
  );
  expect(found).toEqual([]);
});
