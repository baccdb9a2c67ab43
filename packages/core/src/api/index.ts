export * from './envelope.ts';
export * from './foundation.api.ts';
