export type * from './runestone.types.ts';
export * from './varint.ts';
export * from './rune-name.ts';
export * from './runestone.ts';
export { isOpReturn, scriptInstructions } from './runestone-script.ts';
export * from './rune-transfer.ts';
export * from './rune-transfer-check.ts';
export * from './rune-distribution.ts';
