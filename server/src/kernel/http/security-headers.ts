import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers with our content policy, on every answer. `upgrade-insecure-requests` and HSTS
 * only when the public address is https: over plain http (an evaluation VM reached by host name,
 * a proxy without TLS) the upgrade sent every script to https and the page stayed blank, and
 * browsers ignore HSTS there anyway (decision 039).
 *
 * Helmet's own middleware, built once: the Fastify plugin built it anew for every request,
 * parsing the content policy each time (2 % of the server's time in a burst of placements).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  options: { signingPopups?: boolean } = {},
): void {
  const secure = publicUrl.startsWith('https://');
  const setHeaders = helmet({
    // Signing at the identity provider happens in a popup that must still reach the page that
    // opened it when it comes back (decision 056); otherwise helmet's same-origin.
    crossOriginOpenerPolicy: { policy: options.signingPopups ? 'same-origin-allow-popups' : 'same-origin' },
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        // Emotion (MUI) injects its styles inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
}
