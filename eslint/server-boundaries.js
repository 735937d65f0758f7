// The server's architecture as a lint rule (docs/architecture.md, docs/decisions/014 and 020): modules in declared
// layers, each owning its tables. It resolves relative imports itself, with no resolver package (docs/decisions/005);
// import cycles are import-cycles.js's, everywhere.
import path from 'node:path';

/**
 * Server modules: the tables each owns (server/src/db/schema/<table>.ts), the other modules' tables it joins in a
 * statement of its own (`reads`: a read, never a write), and the modules it may call (`uses`, through their
 * services). `uses` is a layering: it may hold no cycle, so neither can the modules' imports. `plugins` is
 * server/src/plugins, the request guards every module's routes rely on.
 */
export const SERVER_MODULES = {
  // Every entry of a webhook event queues its deliveries (webhooks); a key's entries name the key.
  activity: { owns: ['activity-log'], reads: ['users', 'api-keys'], uses: ['webhooks'] },
  // A team's webhook endpoints, their deliveries and the worker that sends them. Making or taking over an endpoint
  // reads the caller's role under a share lock (a demotion in flight) and takes their session lock (auth).
  webhooks: { owns: ['webhooks'], reads: ['users', 'memberships'], uses: ['auth'] },
  // A team's API keys; the plugins authenticate a key through it.
  // Creating a key reads the creator's role afresh under the team's lock (a demotion in flight) and takes their
  // session lock (auth: a credential event in flight).
  'api-keys': { owns: ['api-keys'], reads: ['users', 'memberships'], uses: ['auth', 'tenants', 'activity'] },
  mail: { owns: ['outbox'], uses: [] },
  feedback: { owns: ['feedback'], uses: [] },
  health: { owns: [], uses: [] },
  'public-config': { owns: [], uses: [] },
  // The tenant access check reads the caller's membership in the statement that checks their session; the sessions
  // list names the team whose single sign-on began one.
  auth: {
    owns: ['users', 'refresh-tokens', 'one-time-tokens', 'recovery-codes'],
    reads: ['memberships', 'tenants'],
    uses: ['mail'],
  },
  // The request guards; the team's rules are judged by enterprise; a SCIM token is authenticated by scim-tokens.
  plugins: { owns: [], uses: ['auth', 'api-keys', 'enterprise', 'scim-tokens'] },
  // A team's SCIM token: enterprise makes and revokes it, the plugins authenticate it, the credential lifecycle
  // (members) retires it with its maker's authority.
  'scim-tokens': { owns: ['scim-tokens'], reads: ['users'], uses: [] },
  // WebAuthn credentials and their ceremonies' challenges; a passkey sign-in opens its session through auth.
  passkeys: { owns: ['passkeys'], uses: ['auth'] },
  // A team's own row: its name, deletion, the lock its plan's limits are counted under. Billing ends a deleted
  // team's subscription through a port it hands in (app.teamBilling), not an import.
  tenants: { owns: ['tenants'], reads: ['memberships'], uses: ['activity'] },
  // Plans, subscriptions, invoices and the one check of a plan's limits (requireRoomFor).
  billing: { owns: ['billing'], reads: ['tenants'], uses: ['tenants', 'activity'] },
  // The membership lifecycle: creating a team (its owner), invitations, roles, leaving, handing the team over; and
  // what an account made for its teams (keys, endpoints, invitations, SCIM tokens), retired by the credential events;
  // what a team's directory does to its members (SCIM), and whether it has one (a token).
  members: {
    owns: ['memberships', 'invitations'],
    reads: ['users', 'tenants'],
    uses: ['auth', 'tenants', 'billing', 'mail', 'activity', 'api-keys', 'webhooks', 'scim-tokens'],
  },
  items: { owns: ['items'], uses: ['billing', 'activity'] },
  // Enterprise identity: a team's verified domains, single sign-on, and SCIM (its token, and the protocol whose
  // changes to people members makes). A change's notice goes to the team's owner, read with the acting member's
  // address; a first sign-in through the team's provider joins it (members).
  enterprise: {
    owns: ['domains', 'sso'],
    reads: ['tenants', 'memberships', 'users', 'passkeys'],
    uses: ['auth', 'billing', 'mail', 'tenants', 'activity', 'members', 'scim-tokens'],
  },
  // What a team uses of its plan: the owners' counts against billing's limits.
  usage: { owns: [], uses: ['billing', 'members', 'items'] },
  // Deleting an account and exporting its data: composes the services of the modules that hold that data.
  account: { owns: [], uses: ['auth', 'passkeys', 'tenants', 'members', 'billing', 'activity'] },
  // The daily clean-up, each module deleting its own, and the tables of running several instances: the rate-limit
  // counters shared without Redis and when each periodic job runs next.
  maintenance: {
    owns: ['job-runs', 'rate-limits'],
    uses: ['auth', 'mail', 'activity', 'webhooks', 'enterprise'],
  },
  'super-admin': {
    // What operators did to accounts, and sign-ups per day (kept by triggers on users); suspending and viewing as an
    // account go through auth.
    owns: ['operator-audit', 'signups-by-day'],
    // The operators' views read across every team.
    reads: ['tenants', 'memberships', 'users', 'billing', 'feedback'],
    uses: ['auth', 'activity'],
  },
};

/** A cycle in a graph of names, as the path that closes it (`a → b → a`), or null when there is none. */
export function findCycle(graph) {
  const state = new Map();
  const visit = (node, trail) => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    for (const next of graph[node] ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph)) {
    const cycle = visit(node, []);
    if (cycle) return cycle.join(' → ');
  }
  return null;
}

const declaredCycle = findCycle(
  Object.fromEntries(Object.entries(SERVER_MODULES).map(([m, r]) => [m, r.uses])),
);
if (declaredCycle)
  throw new Error(`SERVER_MODULES in eslint/server-boundaries.js: \`uses\` loops: ${declaredCycle}`);

const SERVER_SRC = path.join(import.meta.dirname, '../server/src');
const MODULES_DIR = path.join(SERVER_SRC, 'modules');
const PLUGINS_DIR = path.join(SERVER_SRC, 'plugins');
const SCHEMA_DIR = path.join(SERVER_SRC, 'db/schema');

const isTest = (file) => file.endsWith('.test.ts');

/** The module a file of server/src belongs to ('plugins' for a plugin), or null (lib, db, app.ts, …). */
function moduleOf(file) {
  const inModules = path.relative(MODULES_DIR, file);
  if (!inModules.startsWith('..')) return inModules.split(path.sep)[0];
  return path.relative(PLUGINS_DIR, file).startsWith('..') ? null : 'plugins';
}

/**
 * In server/src: another module only through its services (`*.service.ts`) and only if `uses` lists it;
 * and a table of db/schema/ only if the module (or plugins/) owns or reads it.
 * Tests may set up any table and call any module.
 */
export const serverBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossModule:
        "'{{spec}}' is inside the {{other}} module: reach it through one of its services (*.service.ts).",
      undeclared:
        'The {{module}} module may not use the {{other}} module: add it to `uses` in eslint/server-boundaries.js if the layering allows (no cycle).',
      table:
        "The {{module}} module may not use the table file '{{spec}}' (SERVER_MODULES in eslint/server-boundaries.js).",
      reExport:
        'A service exports functions of its own, not what it imports (a repository would leak through it).',
      dynamic: 'Import a fixed path, so that the module boundaries can be checked.',
      plugins:
        "Only a module's routes (*.routes.ts) use the HTTP plugins: a service takes its caller from lib/caller.ts.",
      unknown:
        'modules/{{module}} is not in SERVER_MODULES (eslint/server-boundaries.js): say which tables it owns.',
    },
  },
  create(context) {
    const file = context.filename;
    const module = moduleOf(file);
    // Outside modules/ and plugins/ (lib, db, app.ts) only the services rule applies.
    const rules = module === null ? null : SERVER_MODULES[module];
    // app.ts, main.ts and cli.ts mount the modules' routes and plugins.
    const compositionRoot = path.dirname(file) === SERVER_SRC;
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const other = moduleOf(target);
      // Below the routes, a module knows nothing of HTTP: the routes hand it the caller (lib/caller.ts).
      if (
        other === 'plugins' &&
        module !== null &&
        module !== 'plugins' &&
        !isTest(file) &&
        !file.endsWith('.routes.ts')
      ) {
        context.report({ node, messageId: 'plugins' });
      }
      if (other !== null && other !== module && other !== 'plugins' && !compositionRoot) {
        if (!path.basename(target).endsWith('.service.ts')) {
          context.report({ node, messageId: 'crossModule', data: { spec, other } });
        } else if (rules && !isTest(file) && !rules.uses.includes(other)) {
          context.report({ node, messageId: 'undeclared', data: { module, other } });
        }
      }
      // A table file, or the schema folder itself (its index holds every table).
      const table =
        target === SCHEMA_DIR ? 'index' : path.dirname(target) === SCHEMA_DIR && path.basename(target, '.ts');
      if (table && rules && !isTest(file) && ![...rules.owns, ...(rules.reads ?? [])].includes(table)) {
        context.report({ node, messageId: 'table', data: { spec, module } });
      }
    };
    const reExport = (node) => {
      check(node);
      if (node.source && file.endsWith('.service.ts')) context.report({ node, messageId: 'reExport' });
    };
    return {
      Program(node) {
        if (module !== null && !rules) context.report({ node, messageId: 'unknown', data: { module } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: reExport,
      ExportAllDeclaration: reExport,
      ImportExpression(node) {
        if (node.source.type !== 'Literal') context.report({ node, messageId: 'dynamic' });
        else check(node);
      },
    };
  },
};
