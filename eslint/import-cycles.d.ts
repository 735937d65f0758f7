// The types of import-cycles.js, for the test that holds the rule to its promise.
import type { Rule } from 'eslint';

export const importCycles: Rule.RuleModule;
export function specifiersOnDisk(file: string, text: string): string[];
