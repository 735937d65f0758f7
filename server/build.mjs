// Bundles the server's entry points; npm packages stay external, the workspace contract (TypeScript source) is inlined.
import { readFileSync } from 'node:fs';

import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies).filter((name) => name !== '@app/contract'),
  logLevel: 'warning',
});
