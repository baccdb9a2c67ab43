import { z } from 'zod';

// The app's CSP has no 'unsafe-eval': zod's object parser otherwise probes `new Function` (its JIT)
// when a schema is made, which the browser refuses and reports as a CSP violation. Imported first
// in main.tsx, before any schema exists.
z.config({ jitless: true });
