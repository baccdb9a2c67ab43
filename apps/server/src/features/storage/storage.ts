// Uploaded images (spec 000 §2/§3/§9: the collection icon is "uploaded to storage under a
// per-user folder and kept as a URL"; issue 6: local disk by default, any S3-compatible store when
// configured). Keys are `{userId}/{sha256}.{ext}`: content-addressed, so the same bytes always
// get the same URL and a stored file never changes (hence an immutable cache).
//
// S3 (not built yet): an S3-compatible implementation of `Storage` would take S3_ENDPOINT,
// S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL from env.ts,
// `put` the key with PutObject (Content-Type from `contentType`, Cache-Control
// "public, max-age=31536000, immutable", and the bucket's own nosniff/CSP response headers or a
// CDN's) and answer `${S3_PUBLIC_URL}/${key}`; a single PutObject is atomic, so no temp object is
// needed. `storageRoutes` would create it instead of the local disk when S3_BUCKET is set, and
// not register GET /uploads (the URLs point at the bucket). The upload and its checks stay as they are.

export interface Storage {
  /** Stores the bytes under `key` (`{userId}/{sha256}.{ext}`); answers the URL that serves them. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
}

/** A user's folder: their id as the database writes it (a lowercase uuid). */
export const USER_FOLDER_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A stored file: the sha256 of its bytes and the extension of its sniffed type. */
export const STORED_FILE_PATTERN = /^[0-9a-f]{64}\.(png|jpg|gif|webp|avif)$/;

/** Whether a key is one `put` may write: the two patterns above and nothing else (no `..`). */
export function isStorageKey(key: string): boolean {
  const [folder, file, ...rest] = key.split('/');
  return (
    rest.length === 0 &&
    USER_FOLDER_PATTERN.test(folder ?? '') &&
    STORED_FILE_PATTERN.test(file ?? '')
  );
}
