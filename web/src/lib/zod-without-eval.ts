// The CSP allows no eval (docs/decisions/002-content-security-policy.md). zod compiles its object parsers with
// `new Function` unless it runs jitless, and finds out whether it may by trying one and catching the refusal: the
// browser still reports that refusal as a CSP violation, on every page that builds a schema. main.tsx imports
// this first, before any chunk with zod loads. zod keeps its settings in this global object (what `z.config()`
// writes), created by whichever comes first; setting it here keeps zod itself out of the sign-in page's budget.
type ZodGlobalConfig = { jitless?: boolean };

const scope = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
(scope.__zod_globalConfig ??= {}).jitless = true;
