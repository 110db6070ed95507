import { z } from 'zod';

// The CSP forbids eval (script-src 'self'): zod must not probe `new Function` for its JIT, which
// the browser reports as a violation. Imported first by main.tsx, since zod decides when each
// schema is built — at the import of the contract.
z.config({ jitless: true });
