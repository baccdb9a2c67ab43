import {
  INVALID_BTC_AMOUNT,
  MIN_PRICE_SATS,
  parseBtcToSats,
  PRICE_BELOW_MINIMUM,
  satsToBtc,
} from '@om/core';

export const PRICE_REQUIRED = 'Price is required.';

/** Why a typed BTC price cannot be used, or undefined when it can. */
export function priceInputError(value: string): string | undefined {
  if (value.trim() === '') return PRICE_REQUIRED;
  const sats = parseBtcToSats(value);
  if (sats === undefined) return INVALID_BTC_AMOUNT;
  if (sats < MIN_PRICE_SATS) return PRICE_BELOW_MINIMUM;
  return undefined;
}

/** A typed BTC price as sats; throws for input priceInputError refuses. */
export function priceInputToSats(value: string): bigint {
  const error = priceInputError(value);
  const sats = parseBtcToSats(value);
  if (error || sats === undefined) throw new RangeError(error ?? INVALID_BTC_AMOUNT);
  return sats;
}

/** A price for the input field: '0.0005' rather than '0.00050000'. */
export function satsToPriceInput(sats: bigint): string {
  return satsToBtc(sats).replace(/\.?0+$/, '');
}

/** '0.00050000 BTC' (product.md#constants-and-limits: 8 decimals). */
export function btcText(sats: bigint): string {
  return `${satsToBtc(sats)} BTC`;
}

/** '50,000 sats'. */
export function satsText(sats: bigint): string {
  return `${sats.toLocaleString('en-US')} sats`;
}

/** '12.5 sat/vB'. */
export function feeRateText(rate: number): string {
  return `${Number(rate.toFixed(2))} sat/vB`;
}

/** Sats from the wire (a decimal string) as bigint; a malformed amount is a bug of the server. */
export function wireSats(value: string): bigint {
  if (!/^\d+$/.test(value)) throw new RangeError(`Not a whole number of sats: ${value}`);
  return BigInt(value);
}

/** 'txid:vout' as an outpoint; undefined for anything else. */
export function parseOutpoint(value: string): { txid: string; vout: number } | undefined {
  const match = /^([0-9a-fA-F]{64}):(\d{1,6})$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { txid: match[1].toLowerCase(), vout: Number(match[2]) };
}

/** ord's satpoint 'txid:vout:offset' as the outpoint and the inscription's offset in it. */
export function parseSatpoint(value: string): { outpoint: string; offset: bigint } | undefined {
  const match = /^([0-9a-fA-F]{64}:\d{1,6}):(\d{1,16})$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { outpoint: match[1].toLowerCase(), offset: BigInt(match[2]) };
}
