// The web app's JavaScript budgets (issue 7), checked over the build output: what the browser must fetch before the
// sign-in page, and before the signed-in shell with its dashboard, can render. Gzipped, as served over the wire.
// Run after `npm run build`; exits 1 when a budget is exceeded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const budgets = [
  { name: 'sign-in page', entries: ['index.html', 'src/app/routes/auth/login.tsx'], limitKb: 150 },
  {
    name: 'signed-in shell (dashboard)',
    entries: ['index.html', 'src/app/layouts/app-shell.tsx', 'src/app/routes/dashboard.tsx'],
    limitKb: 250,
  },
];

/** The JavaScript files a set of manifest entries loads: each entry's chunk and its static imports, once each. */
function chunkFiles(entries) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: did the route move?`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return [...files];
}

let failed = false;
for (const budget of budgets) {
  const files = chunkFiles(budget.entries);
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file))).length, 0);
  const kb = bytes / 1024;
  const ok = kb <= budget.limitKb;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${budget.name}: ${kb.toFixed(1)} KB gzipped in ${files.length} files ` +
      `(budget ${budget.limitKb} KB)`,
  );
}
process.exit(failed ? 1 : 0);
