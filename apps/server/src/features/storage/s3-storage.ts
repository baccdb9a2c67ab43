import { ERROR_UPLOADING_IMAGE } from '@om/core';
import { AwsClient } from 'aws4fetch';
import type { S3StorageConfig } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import { isStorageKey, UPLOAD_CACHE_CONTROL, type Storage } from './storage.ts';

/**
 * Uploads by one signed PutObject (SigV4): atomic, so a reader sees the whole object or none.
 * The URL answered is the public one; the app does not serve these files itself.
 */
export function createS3Storage(config: S3StorageConfig): Storage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  });
  const base = `${config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(config.bucket)}`;
  const publicBase = config.publicUrl.replace(/\/+$/, '');
  return {
    async put(key, bytes, contentType) {
      if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
      const response = await client
        .fetch(`${base}/${key}`, {
          method: 'PUT',
          // A copy typed over a plain ArrayBuffer, as fetch bodies must be.
          body: new Uint8Array(bytes),
          headers: {
            'content-type': contentType,
            'cache-control': UPLOAD_CACHE_CONTROL,
            'content-length': String(bytes.byteLength),
          },
        })
        .catch(() => {
          throw new AppError(
            'UNAVAILABLE',
            `${ERROR_UPLOADING_IMAGE}: the image store cannot be reached`,
          );
        });
      if (!response.ok) {
        // The status names the problem; the store's XML body stays out of the answer.
        await response.body?.cancel();
        throw new AppError(
          'UNAVAILABLE',
          `${ERROR_UPLOADING_IMAGE}: the image store answered HTTP ${response.status}`,
        );
      }
      return `${publicBase}/${key}`;
    },
  };
}
