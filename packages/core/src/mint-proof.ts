// product.md#trust-findings finding 1: an allow-list phase counts its allocation per allow-list
// entry, and the wallet must prove the address that matched. Sign-in proves the payment address; a
// wallet whose listed address is its separate ordinals address signs this message with that
// address too.

/** The message the ordinals address signs to mint under its allow-list entry. */
export function mintProofMessage(p: {
  launchpadId: string;
  ordinalsAddress: string;
  paymentAddress: string;
}): string {
  return [
    'Allow-list mint',
    `Launch: ${p.launchpadId}`,
    `Ordinals address: ${p.ordinalsAddress}`,
    `Paying from: ${p.paymentAddress}`,
    '',
    'Signing this message proves you control the ordinals address. It moves no coins.',
  ].join('\n');
}

export const MINT_SIGN_IN_REQUIRED =
  'Sign in with the payment or ordinals address of this wallet to mint';
export const mintProofRequired = (address: string, phase: string) =>
  `Sign with ${address} to mint from the allow list of ${phase}`;
