export * from './envelope.ts';
export * from './foundation.api.ts';
export * from './inscriptions.api.ts';
export * from './chain.api.ts';
export * from './market.api.ts';
export * from './trade.api.ts';
export * from './address.api.ts';
export * from './multisig.api.ts';
