export * from './api/index.ts';

// Units and display
export * from './units.ts';
export * from './display-format.ts';
export * from './countdown.ts';
export * from './date-input.ts';
export * from './timing.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './mint-proof.ts';
export * from './launch-sources.ts';
export * from './launch-inventory.ts';

// Creator side (spec 000)
export * from './slug.ts';
export * from './social-links.ts';
export * from './image-rules.ts';
export * from './collection-info.ts';
export * from './auction-info.ts';
export * from './inscription-id.ts';
export * from './inscription-entry.ts';
export * from './inscription-list.ts';
export * from './inscription-file.ts';
export * from './allow-list.ts';
export * from './phase-rules.ts';
export * from './price-rules.ts';
export * from './phase-form.ts';
export * from './phase-defaults.ts';
export * from './phase-submit.ts';
export * from './ownership-signature.ts';
export * from './edition-form.ts';
export * from './edition-payload.ts';
export * from './auction-details.ts';
export * from './auction-payload.ts';

// Market side (spec 001)
export * from './launch-status.ts';
export * from './launch-progress.ts';
export * from './transaction-state.ts';
export * from './pool-state.ts';
export * from './floor-chart.ts';
export * from './wallet-rules.ts';
export * from './discount.ts';
export * from './paging.ts';
export * from './brc20-amount.ts';
export * from './swap-curve.ts';
export * from './reward-split.ts';
