/** Why a PSBT asking for a sighash other than ALL or DEFAULT on `indices` is not signed. */
export function unsafeSighashText(indices: readonly number[], what: string): string {
  const list = indices.join(', ');
  return `${what} asks to sign input ${list} with a sighash that lets others change what it pays.`;
}
