import { createHash } from 'node:crypto';
import { ICON_MAX_BYTES, IMAGE_MAX_BYTES } from '@om/core';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidInput } from '../../http/app-error.ts';
import { checkIcon, ICON_FORMATS, type IconUpload } from './icon-image.ts';
import type { Storage } from './storage.ts';

/** The form field that carries the icon (multipart/form-data). */
const ICON_FIELD = 'file';

/** The form's own problems, naming what it carries ('thumbnail', 'banner'). */
export const uploadFormMessages = (noun: string) => ({
  notMultipart: `Send the ${noun} as multipart/form-data, in the form field "${ICON_FIELD}".`,
  oneFile: `Send one file only: the ${noun}, in the form field "${ICON_FIELD}".`,
  tooManyFields: `Too many form fields: send only the ${noun}, in the form field "${ICON_FIELD}".`,
  wrongField: (name: string) =>
    `The ${noun} must be sent in the form field "${ICON_FIELD}", not "${name}".`,
});
const ICON_FORM = uploadFormMessages('thumbnail');

/**
 * @fastify/multipart for the icon form: one file of at most ICON_MAX_BYTES (busboy drops the rest
 * and marks the file truncated, which is judged below, rather than failing the request), and the
 * few small fields a browser may add.
 */
export const ICON_MULTIPART_OPTIONS = multipartOptions(ICON_MAX_BYTES);
/** The banner's form (product.md#spec-gaps): the same, up to the image helper's 2 MiB. */
export const BANNER_MULTIPART_OPTIONS = multipartOptions(IMAGE_MAX_BYTES);

function multipartOptions(fileSize: number) {
  return {
    limits: { fileSize, files: 1, fields: 8, fieldSize: 1024, parts: 9 },
    throwFileSizeLimit: false,
  };
}

/**
 * The icon file of a multipart request, read up to ICON_MAX_BYTES: past that, `isTruncated` says
 * so and nothing more of the form is read. Undefined when the form has no file.
 */
export async function readIconUpload(
  request: FastifyRequest,
  form = ICON_FORM,
): Promise<IconUpload | undefined> {
  if (!request.isMultipart()) throw invalidInput(form.notMultipart, ICON_FIELD);
  let upload: IconUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== ICON_FIELD) throw invalidInput(form.wrongField(part.fieldname));
      upload = await readFilePart(part);
      if (upload.isTruncated) return upload;
    }
  } catch (err) {
    throw uploadError(err, form);
  }
  return upload;
}

async function readFilePart(part: MultipartFile): Promise<IconUpload> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), isTruncated: part.file.truncated };
}

/** @fastify/multipart's and busboy's failures as a 400 naming the problem. */
function uploadError(err: unknown, form: typeof ICON_FORM): AppError {
  if (err instanceof AppError) return err;
  const { code, message } = err as { code?: string; message?: string };
  if (code === 'FST_FILES_LIMIT') return invalidInput(form.oneFile, ICON_FIELD);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return invalidInput(form.tooManyFields, ICON_FIELD);
  }
  return invalidInput(`The upload is not valid multipart/form-data: ${message ?? 'unreadable'}.`);
}

/**
 * Checks the icon (or, given checkBanner, the banner) by its bytes (core's rule and messages)
 * and stores it as
 * `{userId}/{sha256}.{ext of the sniffed type}`, whatever the file was called.
 */
export async function storeIcon(
  storage: Storage,
  userId: string,
  upload: IconUpload | undefined,
  check: typeof checkIcon = checkIcon,
): Promise<{ url: string }> {
  const verdict = check(upload);
  if ('error' in verdict) throw invalidInput(verdict.error, ICON_FIELD);
  const { bytes } = verdict;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = `${userId}/${sha256}.${ICON_FORMATS[verdict.type].ext}`;
  return { url: await storage.put(key, bytes, verdict.type) };
}
