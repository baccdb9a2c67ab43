/** Where a sat ends up: output index and offset within that output. */
export type SatLocation = { vout: number; offset: bigint };

/**
 * Ordinal theory's first-in-first-out rule (docs.ordinals.com/overview): the sats of the inputs,
 * in order, fill the outputs in order; what is left is the fee. Answers where the sat at `offset`
 * of input `input` lands, or undefined when it goes to the miner.
 */
export function locateSat(
  inputValues: readonly bigint[],
  outputValues: readonly bigint[],
  input: number,
  offset: bigint,
): SatLocation | undefined {
  const inputValue = inputValues[input];
  if (inputValue === undefined || offset < 0n || offset >= inputValue) return undefined;
  let position = inputValues.slice(0, input).reduce((sum, value) => sum + value, 0n) + offset;
  for (const [vout, value] of outputValues.entries()) {
    if (position < value) return { vout, offset: position };
    position -= value;
  }
  return undefined;
}
