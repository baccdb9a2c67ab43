import { BANNER_EXPECTED_SIZE, bannerFileError, IMAGE_ACCEPTED_TYPES } from '@om/core';
import { useId } from 'react';
import { launchpadApi } from './launchpad.api.ts';
import { readImageFileInfo, useImageUpload } from './use-image-upload.ts';

const BANNER_UNREADABLE = 'Banner could not be read as an image.';

/** The first problem with a picked banner by core's bannerFileError, the server's rule too. */
async function pickedBannerError(file: File): Promise<string | undefined> {
  // Type, emptiness and bytes need no decoding: checked as if of a passing 400x400 size, only
  // those can fail; a file that is no image is not decoded at all.
  const early = bannerFileError({ type: file.type, size: file.size, width: 400, height: 400 });
  if (early) return early;
  try {
    return bannerFileError(await readImageFileInfo(file));
  } catch (error) {
    console.warn('Could not decode the banner', error);
    return BANNER_UNREADABLE;
  }
}

/**
 * The collection banner (product.md#spec-gaps), optional: checked here with the server's rule,
 * uploaded (signed in) and kept as its URL; a rejected file or Remove leaves the collection without
 * one.
 */
export function BannerField({ url, onChange }: { url: string; onChange: (url: string) => void }) {
  const id = useId();
  const { problem, isPending, pick } = useImageUpload({
    check: pickedBannerError,
    upload: launchpadApi.uploadBanner,
    onUploaded: onChange,
    onRejected: () => onChange(''),
  });

  const { width, height } = BANNER_EXPECTED_SIZE;
  return (
    <div className="flex flex-col gap-2 md:col-span-2">
      <label htmlFor={id} className="text-sm text-zinc-300">
        Collection banner (optional)
      </label>
      {url ? (
        <img
          src={url}
          alt="Collection banner"
          className="aspect-[3/1] w-full max-w-xl rounded-lg border border-zinc-800 object-cover"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={IMAGE_ACCEPTED_TYPES.join(',')}
          disabled={isPending}
          onChange={(event) => void pick(event)}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          {...(problem ? { 'aria-invalid': true } : {})}
          className="text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border file:border-zinc-700 file:bg-zinc-800 file:px-3 file:py-1.5 file:text-zinc-100"
        />
        {url ? (
          <button
            type="button"
            onClick={() => onChange('')}
            className="text-xs text-zinc-400 underline hover:text-zinc-200"
          >
            Remove banner
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-zinc-500">
        PNG, JPEG or WebP; at most 2 MB; {width}x{height} pixels, or near square and at least
        400x400.
      </p>
      {isPending ? (
        <p role="status" className="text-xs text-zinc-400">
          Uploading…
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} className="text-xs text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
