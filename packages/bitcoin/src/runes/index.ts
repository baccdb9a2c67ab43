export type * from './runestone.types.ts';
