// The types of server-boundaries.js, for the test that holds the rule to its promises.
import type { Rule } from 'eslint';

export type ModuleRules = { owns: string[]; reads?: string[]; uses: string[] };
export const SERVER_MODULES: Record<string, ModuleRules>;
export function findCycle(graph: Record<string, string[]>): string | null;
export const serverBoundaries: Rule.RuleModule;
