import { useAppConfig } from './config.queries.ts';
import { feeRateRules } from '../lib/form-rules.ts';

/** The server's default MAX_FEE_RATE, until /api/config says this deployment's. */
const FALLBACK_MAX_FEE_RATE = 500;

/** The highest fee rate in sat/vB this server builds a transaction at (/api/config's maxFeeRate). */
export function useMaxFeeRate(): number {
  return useAppConfig()?.maxFeeRate ?? FALLBACK_MAX_FEE_RATE;
}

/**
 * react-hook-form rules for a fee-rate field, bounded by the server's cap. `recheck` (the form's
 * trigger of the field) refuses a rate as it is typed in a form that checks the rest on submit.
 */
export function useFeeRateRules(recheck?: () => unknown) {
  const rules = feeRateRules(useMaxFeeRate());
  return recheck ? { ...rules, onChange: () => void recheck() } : rules;
}
