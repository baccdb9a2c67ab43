import {
  AddressInscriptionsPayloadSchema,
  CheckInscriptionsPayloadSchema,
  NameCheckSchema,
  UploadIconPayloadSchema,
} from '@om/core';
import { api } from '../../lib/api-client.ts';

// The calls of the wizard's first steps (product.md#validation, #creator-calls; ADR 010).

const UPLOAD_ICON_PATH = '/api/launchpad/upload-icon';
const UPLOAD_BANNER_PATH = '/api/launchpad/upload-banner';
/** The largest page GET /api/address/{address}/inscriptions gives (core address.api.ts). */
const ADDRESS_INSCRIPTIONS_PAGE = 1000;

export const launchpadApi = {
  /** GET /api/launchpad/check-name?name=: true when a collection already has this name. */
  async checkName(name: string, signal?: AbortSignal): Promise<boolean> {
    const path = `/api/launchpad/check-name?name=${encodeURIComponent(name)}`;
    return (await api.get(path, NameCheckSchema, { signal })).taken;
  },

  /** GET /api/launchpad/check-slug/{slug}: true when a launch already uses this slug. */
  async checkSlug(slug: string, signal?: AbortSignal): Promise<boolean> {
    const path = `/api/launchpad/check-slug/${encodeURIComponent(slug)}`;
    return (await api.get(path, NameCheckSchema, { signal })).taken;
  },

  /** POST /api/launchpad/upload-icon, signed in: the image as multipart/form-data field `file`. */
  uploadIcon: (file: File, signal?: AbortSignal) => uploadImage(UPLOAD_ICON_PATH, file, signal),

  /** POST /api/launchpad/upload-banner, signed in, the same way (product.md#spec-gaps). */
  uploadBanner: (file: File, signal?: AbortSignal) => uploadImage(UPLOAD_BANNER_PATH, file, signal),

  /** POST /api/launchpad/check-inscriptions: why a launch could not take each of these items. */
  async unavailableOf(ids: readonly string[], signal?: AbortSignal): Promise<string[]> {
    const path = '/api/launchpad/check-inscriptions';
    const payload = await api.post(path, { ids }, CheckInscriptionsPayloadSchema, { signal });
    return payload.unavailable.map((item) => item.message);
  },

  /** Every inscription id `address` holds per the indexer, read page by page. */
  async inscriptionIdsOf(address: string, signal?: AbortSignal): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let offset = 0; ; offset += ADDRESS_INSCRIPTIONS_PAGE) {
      const path =
        `/api/address/${encodeURIComponent(address)}/inscriptions` +
        `?limit=${ADDRESS_INSCRIPTIONS_PAGE}&offset=${offset}`;
      const { inscriptions } = await api.get(path, AddressInscriptionsPayloadSchema, { signal });
      for (const inscription of inscriptions) ids.add(inscription.inscriptionId);
      if (inscriptions.length < ADDRESS_INSCRIPTIONS_PAGE) return ids;
    }
  },
};

/** An image upload: multipart/form-data, the file in field `file`; answers its URL. */
async function uploadImage(path: string, file: File, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (await api.post(path, body, UploadIconPayloadSchema, { signal })).url;
}
