import { iconNotStoredHere, isOwnIconUrl } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { invalidInput } from '../../http/app-error.ts';

/**
 * A collection's icon must be one of our own images (product.md#walk-through-fixes item 3): an
 * upload (local, or on the configured S3 public URL) or an inscription's /content, never a third
 * party's URL that
 * /collections would make every visitor load. A 400 naming `field` otherwise.
 */
export function checkOwnIcon(deps: Pick<AppDeps, 'env'>, icon: string, field: string): void {
  if (!isOwnIconUrl(icon, deps.env.S3_PUBLIC_URL))
    throw invalidInput(iconNotStoredHere(field), field);
}
