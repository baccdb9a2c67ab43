// Uploaded images (product.md#wizard-screens, #records, #constants-and-limits: the collection icon
// is "uploaded to storage under a per-user folder and kept as a URL"; product.md#collection-form:
// local disk by default, any S3-compatible store when configured). Keys are
// `{userId}/{sha256}.{ext}`: content-addressed, so the same bytes always get the same URL and a
// stored file never changes (hence an immutable cache).
//
// The store is the local disk (served at /uploads by this server) or, when S3_BUCKET is set, an
// S3-compatible bucket written by a signed PutObject and read at S3_PUBLIC_URL; the bucket (or
// the CDN in front of it) should add nosniff and the CSP below to what it serves.

/**
 * Served with each upload: nothing may load from it but the image itself (when opened on its own,
 * the browser's image viewer may style it inline), and `sandbox` gives it an opaque origin, so
 * even a file a browser misreads could never reach the app's storage or run script.
 */
export const UPLOAD_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
/** Content-addressed (a new image is a new URL), so a stored file never changes. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface Storage {
  /** Stores the bytes under `key` (`{userId}/{sha256}.{ext}`); answers the URL that serves them. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
}

/** A user's folder: their id as the database writes it (a lowercase uuid). */
const USER_FOLDER_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A stored file: the sha256 of its bytes and the extension of its sniffed type. */
const STORED_FILE_PATTERN = /^[0-9a-f]{64}\.(png|jpg|gif|webp|avif)$/;

/** Whether a key is one `put` may write: the two patterns above and nothing else (no `..`). */
export function isStorageKey(key: string): boolean {
  const [folder, file, ...rest] = key.split('/');
  return (
    rest.length === 0 &&
    USER_FOLDER_PATTERN.test(folder ?? '') &&
    STORED_FILE_PATTERN.test(file ?? '')
  );
}
