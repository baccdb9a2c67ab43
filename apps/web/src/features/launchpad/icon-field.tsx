import { ICON_ACCEPTED_TYPES, iconFileError, imageEmptyMessage } from '@om/core';
import { useId } from 'react';
import { launchpadApi } from './launchpad.api.ts';
import { readImageFileInfo, useImageUpload } from './use-image-upload.ts';

const ICON_UNREADABLE = 'Thumbnail could not be read as an image.';

/**
 * The first problem with a picked icon: type and size first, an empty file (the image upload
 * helper's 'Thumbnail cannot be empty.', product.md#validation), then its decoded dimensions.
 */
async function pickedIconError(file: File): Promise<string | undefined> {
  // Type and size need no decoding; a file that is no image is not decoded at all.
  const early = iconFileError({ type: file.type, size: file.size, width: 0, height: 0 });
  if (early) return early;
  if (file.size === 0) return imageEmptyMessage('Thumbnail');
  try {
    return iconFileError(await readImageFileInfo(file));
  } catch (error) {
    console.warn('Could not decode the icon', error);
    return ICON_UNREADABLE;
  }
}

/**
 * The collection icon (product.md#validation): checked here, then uploaded (signed in) and kept as
 * its URL.
 * `error` is the form's own ('A thumbnail image is required.'); a rejected file's reason wins.
 */
export function IconField({
  url,
  error,
  onUploaded,
  onRejected,
}: {
  url: string;
  error: string | undefined;
  onUploaded: (url: string) => void;
  onRejected: () => void;
}) {
  const id = useId();
  const { problem, isPending, pick } = useImageUpload({
    check: pickedIconError,
    upload: launchpadApi.uploadIcon,
    onUploaded,
    onRejected,
  });

  const shown = problem ?? error;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm text-zinc-300">
        Collection icon
      </label>
      <div className="flex items-center gap-4">
        {url ? (
          <img
            src={url}
            alt="Collection icon"
            className="size-20 rounded-lg border border-zinc-800 object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="size-20 rounded-lg border border-dashed border-zinc-700 bg-zinc-950"
          />
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <input
            id={id}
            type="file"
            accept={ICON_ACCEPTED_TYPES.join(',')}
            disabled={isPending}
            onChange={(event) => void pick(event)}
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            {...(shown ? { 'aria-invalid': true } : {})}
            className="text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border file:border-zinc-700 file:bg-zinc-800 file:px-3 file:py-1.5 file:text-zinc-100"
          />
          <p id={`${id}-hint`} className="text-xs text-zinc-500">
            JPEG, PNG, WebP, AVIF or GIF; at most 1 MB and 1000x1000 pixels.
          </p>
          {isPending ? (
            <p role="status" className="text-xs text-zinc-400">
              Uploading…
            </p>
          ) : null}
        </div>
      </div>
      {shown ? (
        <p id={`${id}-error`} className="text-xs text-red-300">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
