// Our CSP forbids eval. Unless told `jitless`, zod probes `new Function` the first time it parses an
// object — in the lazily loaded pages that use it — and the browser reports that as a CSP violation
// (a Lighthouse best-practices failure), although zod then copes without it. zod keeps its settings
// on `globalThis.__zod_globalConfig` so that every copy of it shares them; setting the flag there
// spares the first chunk zod itself (docs/decisions/0011-first-chunk-budget.md). zod-csp.test.ts
// checks that zod still reads it from there.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// In place: works whether or not zod has loaded already (it holds a reference to this object).
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
