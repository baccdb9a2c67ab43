/** `bcrt1q…t080`-style: enough of both ends to recognise an address at a glance. */
export function shortenAddress(address: string): string {
  if (address.length <= 14) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
