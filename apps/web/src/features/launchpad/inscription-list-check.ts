import {
  INSCRIPTION_NOT_OWNED,
  LAUNCH_MAX_INSCRIPTIONS,
  type InscriptionEntry,
  type InscriptionListResult,
  type LineError,
} from '@om/core';

// What the Choose Inscriptions step reports about a parsed list (product.md#validation, ADR 010).

/** The server's own limit (core createLaunchpadBodySchema), said before the list is sent. */
export const TOO_MANY_INSCRIPTIONS = `A launch holds at most ${LAUNCH_MAX_INSCRIPTIONS} inscriptions`;

const notInWallet = (id: string) => `${INSCRIPTION_NOT_OWNED}: ${id}`;

/** The server's limit on an onboarded collection (core onboardCollectionBodySchema). */
export const TOO_MANY_IN_COLLECTION = `A collection holds at most ${LAUNCH_MAX_INSCRIPTIONS} inscriptions`;

/** The parser's problems, line by line, and the size limit (a launch's unless told). */
export function lineProblems(
  parsed: InscriptionListResult,
  tooMany = TOO_MANY_INSCRIPTIONS,
): LineError[] {
  if (parsed.inscriptions.length <= LAUNCH_MAX_INSCRIPTIONS) return parsed.errors;
  return [...parsed.errors, { line: 1, message: tooMany }];
}

/** Each inscription the connected wallet does not hold, named by its id. */
export function notOwnedProblems(
  entries: readonly InscriptionEntry[],
  ownedIds: ReadonlySet<string>,
): string[] {
  return entries.filter((entry) => !ownedIds.has(entry.id)).map((entry) => notInWallet(entry.id));
}

/** The text a saved list is shown as again: ids one a line, or JSON when entries carry meta. */
export function listText(entries: readonly InscriptionEntry[]): string {
  if (entries.length === 0) return '';
  return entries.some((entry) => entry.meta !== undefined)
    ? JSON.stringify(entries, null, 2)
    : entries.map((entry) => entry.id).join('\n');
}
