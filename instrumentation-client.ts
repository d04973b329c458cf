// Runs before the site's own scripts. zod builds its first object schema by probing `new Function("")` unless it is
// jitless; the site's policy forbids eval (ADR 0013), so in every browser that probe was a Content-Security-Policy
// violation (zod catches the error, the browser still reports it) each time a form's validation loaded. zod keeps the
// global configuration object it finds when it loads (zod/v4/core, `__zod_globalConfig`): it is changed, not replaced.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;
