export * from './envelope.ts';
export * from './foundation.api.ts';
export * from './inscriptions.api.ts';
export * from './chain.api.ts';
