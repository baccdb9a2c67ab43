import { shortenHash } from '../lib/inscription-format.ts';

/** How an inscription is named in lists: its name, its number, or its shortened ID. */
export function inscriptionLabel(item: {
  inscriptionId: string;
  name?: string | null;
  number?: number | null;
}): string {
  if (item.name) return item.name;
  if (item.number !== null && item.number !== undefined) return `Inscription #${item.number}`;
  return shortenHash(item.inscriptionId);
}
