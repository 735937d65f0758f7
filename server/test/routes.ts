// The app's routes as Fastify prints them, for tests that must cover every route.

/** [method, path] of every route in Fastify's printed route tree (children are printed relative to their parent). */
export function listRoutes(tree: string): [string, string][] {
  const parents: string[] = [];
  const routes: [string, string][] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    // A parameter that routes name differently at one position prints as `:a|:b`, in no fixed order: sorted here.
    const segment = match[2]!.replace(/:\w+(?:\|:\w+)+/g, (names) => names.split('|').sort().join('|'));
    const path = (parents[depth - 1] ?? '') + segment;
    parents[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push([method, path]);
  }
  return routes;
}
