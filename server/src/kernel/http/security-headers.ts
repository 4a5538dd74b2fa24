import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's headers with our content policy. `upgrade-insecure-requests` and HSTS only when the
 * public address is https: over plain http (an evaluation VM reached by host name, a proxy
 * without TLS) the upgrade sent every script to https and the page stayed blank, and browsers
 * ignore HSTS there anyway (decision 039).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  options: { signingPopups?: boolean } = {},
): Promise<void> {
  const secure = publicUrl.startsWith('https://');
  await app.register(helmet, {
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
}
