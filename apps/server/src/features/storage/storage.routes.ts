import { UploadIconPayloadSchema } from '@om/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { notFound } from '../../http/app-error.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { checkBanner, iconTypeOfFile } from './icon-image.ts';
import {
  createLocalDiskStorage,
  UPLOADS_PATH,
  type LocalDiskStorage,
} from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { UPLOAD_CACHE_CONTROL, UPLOAD_CONTENT_SECURITY_POLICY, type Storage } from './storage.ts';
import {
  BANNER_MULTIPART_OPTIONS,
  ICON_MULTIPART_OPTIONS,
  readIconUpload,
  storeIcon,
  uploadFormMessages,
} from './upload-icon.service.ts';

const BANNER_FORM = uploadFormMessages('banner');

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  uploadIcon: {
    summary: 'Upload a collection icon (multipart, field file)',
    body: 'multipart',
    payload: UploadIconPayloadSchema,
  },
  uploadBanner: {
    summary: 'Upload a collection banner (multipart, field file, at most 2 MiB)',
    body: 'multipart',
    payload: UploadIconPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * Collection icons (product.md#wizard-screens, #records, #constants-and-limits,
 * product.md#collection-form) and banners (product.md#spec-gaps): upload, checked by content, and
 * serving.
 */
export async function storageRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  writeLimit: object,
): Promise<void> {
  const { storage, disk } = chooseStorage(deps.env);
  const signedIn = { config: writeLimit, preHandler: requireSession(deps.jwtSecret) };
  const session = (request: FastifyRequest) => request.session as SessionClaims;

  // Multipart parsing in this scope only: every other route still refuses non-JSON bodies.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, ICON_MULTIPART_OPTIONS);
    scope.post(
      '/api/launchpad/upload-icon',
      documented(docs.uploadIcon, signedIn),
      async (request) => {
        const upload = await readIconUpload(request);
        return {
          success: true,
          payload: await storeIcon(storage, session(request).userId, upload),
        };
      },
    );
  });
  // product.md#spec-gaps: the collection banner, in its own scope for its own (2 MiB) limit.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, BANNER_MULTIPART_OPTIONS);
    scope.post(
      '/api/launchpad/upload-banner',
      documented(docs.uploadBanner, signedIn),
      async (request) => {
        const upload = await readIconUpload(request, BANNER_FORM);
        const userId = session(request).userId;
        return { success: true, payload: await storeIcon(storage, userId, upload, checkBanner) };
      },
    );
  });

  app.get<{ Params: { userId: string; file: string } }>(
    `${UPLOADS_PATH}/:userId/:file`,
    async (request, reply) => {
      const { userId, file } = request.params;
      // read() answers only keys of the strict patterns, so `..` or an encoded slash finds nothing.
      const bytes = await disk?.read(`${userId}/${file}`);
      const type = iconTypeOfFile(file);
      if (!bytes || !type) throw uploadNotFound(request);
      return reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', UPLOAD_CONTENT_SECURITY_POLICY)
        .header('cache-control', UPLOAD_CACHE_CONTROL)
        .send(bytes);
    },
  );
  // Any other path under /uploads is a 404, never the web app's index.html.
  for (const path of [UPLOADS_PATH, `${UPLOADS_PATH}/*`]) {
    app.get(path, async (request) => {
      throw uploadNotFound(request);
    });
  }
}

/** An S3-compatible bucket when configured (its URLs point at the bucket), else the local disk. */
function chooseStorage(env: AppDeps['env']): { storage: Storage; disk?: LocalDiskStorage } {
  if (env.s3) return { storage: createS3Storage(env.s3) };
  const disk = createLocalDiskStorage(env.storageDir);
  return { storage: disk, disk };
}

function uploadNotFound(request: FastifyRequest) {
  return notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`);
}
