// The web build's `zod` (vite.config.ts aliases the bare specifier here): the same zod, set up
// before any schema exists. The CSP forbids eval (script-src 'self'): zod must not probe
// `new Function` for its JIT, which the browser reports as a violation, and zod decides that when
// each object schema is built. Every module that builds a schema imports `zod`, so this runs
// before the first one wherever it is bundled.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
