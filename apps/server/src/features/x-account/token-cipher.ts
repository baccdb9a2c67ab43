import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// X's tokens at rest: AES-256-GCM under a key derived (HKDF-SHA256, RFC 5869) from the server's
// JWT secret, so a copy of the database alone does not hand out anyone's X access. Each ciphertext
// is bound (additional data) to what it is, e.g. `${userId}:access`: moved to another row or
// column it no longer opens.

const VERSION = 'v1';
const HKDF_INFO = 'om/x-account/tokens/v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type TokenCipher = {
  /** 'v1.<iv>.<ciphertext+tag>', base64url. */
  seal(plain: string, context: string): string;
  /** The plain text, or undefined for a ciphertext that does not open (other key or context). */
  open(sealed: string, context: string): string | undefined;
};

export function createTokenCipher(secret: Uint8Array): TokenCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), HKDF_INFO, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== VERSION || !ivText || !bodyText) return undefined;
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        // GCM's tag check failed: another key (a new JWT secret), another context, or tampering.
        return undefined;
      }
    },
  };
}
