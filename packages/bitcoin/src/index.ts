export * from './networks.ts';
export * from './address.ts';
