const SATS_PER_BTC = 100_000_000n;

/**
 * Sats as BTC with 8 decimals (spec 001 §9), exact on bigint: 100000000n → '1.00000000'.
 * @TODO use packages/core's unit formatter once it lands, so there is one way to do this.
 */
export function formatSatsAsBtc(sats: bigint): string {
  const sign = sats < 0n ? '-' : '';
  const abs = sats < 0n ? -sats : sats;
  const whole = abs / SATS_PER_BTC;
  const fraction = (abs % SATS_PER_BTC).toString().padStart(8, '0');
  return `${sign}${whole}.${fraction}`;
}

/** `bc1qxy2k…x0wlh`-style: enough of both ends to recognise an address at a glance. */
export function shortenAddress(address: string): string {
  if (address.length <= 14) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
