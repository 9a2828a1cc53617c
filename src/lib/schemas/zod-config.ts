/**
 * Imported first by every schema module. In the browser zod must not try its JIT: it probes for
 * `new Function`, which the Content-Security-Policy forbids, so the probe itself reports a CSP
 * violation on every page that validates a form (and the schemas fall back to the same code path
 * anyway). The server keeps the JIT.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });
