// product.md#walk-through-fixes items 1-3: what a launch, an edition or an onboarded collection
// may be made of. An item keeps its collection, only the holder of an item may onboard it, and a
// collection's icon is an image this market stores (an upload, or an inscription's content), never
// a third party's URL that every visitor of /collections would then load.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An upload's key, `{userId}/{sha256}.{ext}` (the server's storage feature writes only these). */
const UPLOAD_KEY = `${UUID}/[0-9a-f]{64}\\.(png|jpg|gif|webp|avif)`;
const LOCAL_UPLOAD = new RegExp(`^/uploads/${UPLOAD_KEY}$`);
const INSCRIPTION_CONTENT = /^\/content\/[0-9a-f]{64}i\d+$/;

export const ICON_NOT_STORED_HERE =
  'must be an image uploaded here (/uploads/…) or an inscription (/content/{inscriptionId})';

/**
 * Whether an icon URL is one of ours: a local upload, an upload on the configured S3 public URL,
 * or an inscription's content served by this market.
 */
export function isOwnIconUrl(icon: string, s3PublicUrl?: string): boolean {
  if (LOCAL_UPLOAD.test(icon) || INSCRIPTION_CONTENT.test(icon)) return true;
  if (!s3PublicUrl) return false;
  const base = s3PublicUrl.replace(/\/+$/, '');
  return (
    icon.startsWith(`${base}/`) && new RegExp(`^${UPLOAD_KEY}$`).test(icon.slice(base.length + 1))
  );
}

/** The message of an icon that is not ours, naming the field ('meta.icon'). */
export const iconNotStoredHere = (field: string) => `${field}: ${ICON_NOT_STORED_HERE}`;

/** An item of a collection cannot be launched again under another one. */
export const inscriptionInCollection = (inscriptionId: string, collection: string) =>
  `Inscription ${inscriptionId} is already in the collection ${collection}`;

/** An item can be in one launch at a time (until that launch fails or is canceled). */
export const inscriptionInLaunch = (inscriptionId: string) =>
  `Inscription ${inscriptionId} is already in another launch`;

/** An onboarded item must be held by the wallet that onboards it. */
export const inscriptionNotHeldBy = (inscriptionId: string) =>
  `Inscription ${inscriptionId} is not held by your wallet`;

/** The message the ordinals address signs to onboard the items it holds. */
export function onboardProofMessage(p: {
  slug: string;
  ordinalsAddress: string;
  paymentAddress: string;
}): string {
  return [
    'Onboard a collection',
    `Collection: ${p.slug}`,
    `Ordinals address: ${p.ordinalsAddress}`,
    `Signed in as: ${p.paymentAddress}`,
    '',
    'Signing this message proves you hold the items. It moves no coins.',
  ].join('\n');
}
