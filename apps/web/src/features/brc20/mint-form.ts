import { DEFAULT_FEE_RATE, INSCRIBE_MAX_COUNT, type Brc20Token } from '@om/core';
import { z } from 'zod';
import { feeRateError } from '../../lib/form-rules.ts';
import { parseTokenAmount, tokenAmountError, tokenAmountText } from '../../lib/brc20-amount.ts';

const COUNT_INVALID = `Enter a whole number of mints from 1 to ${INSCRIBE_MAX_COUNT}.`;

export type MintFormValues = { amt: string; count: string; feeRate: string };

export const mintFormDefaults = (token: Brc20Token): MintFormValues => ({
  amt: tokenAmountText(parseTokenAmount(token.limitPerMint, token.decimals) ?? 0n, token.decimals),
  count: '1',
  feeRate: String(DEFAULT_FEE_RATE),
});

const readCount = (value: string) => {
  const count = Number(value);
  return /^\d+$/.test(value.trim()) && count >= 1 && count <= INSCRIBE_MAX_COUNT
    ? count
    : undefined;
};

/**
 * The mint form's rules: amount ≤ the limit per mint in the token's decimals, 1–1000 mints, a fee
 * rate up to the server's cap.
 */
export function mintFormSchema(token: Brc20Token, maxFeeRate: number) {
  const lim = parseTokenAmount(token.limitPerMint, token.decimals);
  return z
    .object({ amt: z.string(), count: z.string(), feeRate: z.string() })
    .superRefine((form, ctx) => {
      const issue = (path: keyof MintFormValues, message: string | undefined) => {
        if (message !== undefined) ctx.addIssue({ code: 'custom', message, path: [path] });
      };
      issue(
        'amt',
        tokenAmountError(form.amt, {
          decimals: token.decimals,
          ...(lim === undefined ? {} : { max: lim, maxLabel: 'the limit per mint' }),
        }),
      );
      issue('count', readCount(form.count) === undefined ? COUNT_INVALID : undefined);
      issue('feeRate', feeRateError(form.feeRate, maxFeeRate));
    });
}

/** The mint as the service takes it, and the tokens it makes (amt × count, wire form). */
export function readMintForm(token: Brc20Token, form: MintFormValues) {
  const amt = parseTokenAmount(form.amt, token.decimals) ?? 0n;
  const count = Number(form.count);
  return {
    amt: tokenAmountText(amt, token.decimals),
    count,
    feeRate: Number(form.feeRate),
    tokensAmount: tokenAmountText(amt * BigInt(count), token.decimals),
  };
}
