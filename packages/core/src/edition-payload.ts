import type { CollectionInfo } from './collection-info.ts';
import { parseDateTimeInput, toUnixSeconds } from './date-input.ts';
import type { EditionFormValues } from './edition-form.ts';
import { btcToSats } from './units.ts';

// product.md#records, edition launch payload (POST /api/launchpad/editions/create).
/** The public meta leaves out the creator's name, e-mail, payment address, instagram, telegram. */
export const EDITION_PRIVATE_META_KEYS = [
  'creator_name',
  'creator_email',
  'creator_btc_address',
  'instagram_link',
  'telegram_link',
] as const;

export type EditionPublicMeta = Omit<CollectionInfo, (typeof EDITION_PRIVATE_META_KEYS)[number]>;

/** `price` is sats as a decimal string; dates are UTC seconds or null when not set. */
export type EditionPayload = {
  editionInscriptionId: string;
  makerPaymentAddress: string;
  numberOfEditions: number;
  slug: string;
  startDate: number | null;
  endDate: number | null;
  price: string;
  signature: string;
  metaData: CollectionInfo & { hide_progress: boolean };
  meta: EditionPublicMeta;
};

function optionalSeconds(value: string): number | null {
  if (value.trim() === '') return null;
  const date = parseDateTimeInput(value);
  if (!date) throw new RangeError(`Not a date: ${value}`);
  return toUnixSeconds(date);
}

export function editionPublicMeta(info: CollectionInfo): EditionPublicMeta {
  const meta: Partial<CollectionInfo> = { ...info };
  for (const key of EDITION_PRIVATE_META_KEYS) delete meta[key];
  return meta as EditionPublicMeta;
}

/** A validated edition form and collection information as the create request body. */
export function toEditionPayload(form: EditionFormValues, info: CollectionInfo): EditionPayload {
  return {
    editionInscriptionId: form.inscriptionId.trim(),
    makerPaymentAddress: info.creator_btc_address,
    numberOfEditions: Number(form.numberOfEditions),
    slug: info.slug,
    startDate: optionalSeconds(form.startDate),
    endDate: optionalSeconds(form.endDate),
    price: btcToSats(form.price).toString(),
    signature: form.signature.trim(),
    metaData: { ...info, hide_progress: form.hideProgress },
    meta: editionPublicMeta(info),
  };
}
