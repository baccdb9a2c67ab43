import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';

/**
 * The web app's Content-Security-Policy: its own origin for everything, plus what the app truly
 * loads from elsewhere. Inscriptions come from CONTENT_ORIGIN when set (iframes, images, media and
 * the text previews' fetches); uploaded icons from S3_PUBLIC_URL when uploads go to a bucket.
 * 'unsafe-inline' styles: React's style props and sonner's injected <style> need them (scripts
 * stay strict). 'wasm-unsafe-eval' and blob: workers: <model-viewer>'s mesh decoders for glTF
 * inscriptions compile WebAssembly, some in a worker made from a blob; three.js fetches a glTF's
 * embedded data: buffers. No 'unsafe-eval': the web app turns zod's JIT off (zod-jitless.ts).
 */
export function appContentSecurityPolicy(
  env: Pick<Env, 'CONTENT_ORIGIN' | 'S3_PUBLIC_URL'>,
): string {
  const content = env.CONTENT_ORIGIN ? ` ${new URL(env.CONTENT_ORIGIN).origin}` : '';
  const uploads = env.S3_PUBLIC_URL ? ` ${new URL(env.S3_PUBLIC_URL).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${content}${uploads}`,
    "font-src 'self' data:",
    `connect-src 'self' data: blob:${content}`,
    `media-src 'self' blob:${content}`,
    `frame-src 'self'${content}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every answer. A route that sets its own CSP keeps it (/content's ord-style
 * sandbox, uploads, X's callback page); /content is framed by the app, so only it may be framed.
 */
export function addSecurityHeaders(app: FastifyInstance, env: Env): void {
  const policy = appContentSecurityPolicy(env);
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', policy);
    if (!request.url.startsWith('/content/')) reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) {
      reply.header('referrer-policy', 'same-origin');
    }
  });
}
