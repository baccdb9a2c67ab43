import { describe, expect, it } from 'vitest';
import { decodeFiles, MAX_FILE_BYTES, mintContent } from './inscribe-files.ts';
import { serviceFeeOf } from './inscribe-price.ts';

const UNISAT = {
  INSCRIBE_FREE_COUNT: 20,
  INSCRIBE_FEE_BASE: 3000,
  INSCRIBE_FEE_PER_ITEM: 150,
  INSCRIBE_FEE_MAX: 4999,
};

describe('serviceFeeOf (UniSat: 0 up to 20, then min(3000 + (n − 20) × 150, 4999))', () => {
  it.each([
    [1, 0n],
    [20, 0n],
    [21, 3150n],
    [30, 4500n],
    [33, 4950n],
    [34, 4999n],
    [1000, 4999n],
  ])('%i files pay %i sats', (count, fee) => {
    expect(serviceFeeOf(UNISAT, count)).toBe(fee);
  });
});

const file = (dataURL: string) => ({ name: 'a.txt', type: 'text/plain', dataURL });

describe('decodeFiles', () => {
  it('decodes base64 and plain data URLs', () => {
    const [a, b] = decodeFiles([
      file(`data:text/plain;base64,${Buffer.from('héllo').toString('base64')}`),
      file('data:text/plain,hi%20there'),
    ]);
    expect(new TextDecoder().decode(a?.body)).toBe('héllo');
    expect(new TextDecoder().decode(b?.body)).toBe('hi there');
    expect(a).toMatchObject({ name: 'a.txt', contentType: 'text/plain' });
  });

  it.each([
    ['not a data URL', 'hello', 'files.0.dataURL: not a data URL'],
    ['empty', 'data:text/plain;base64,', 'files.0.dataURL: the file is empty'],
    [
      'too large',
      `data:text/plain;base64,${Buffer.alloc(MAX_FILE_BYTES + 1).toString('base64')}`,
      `files.0.dataURL: the file is over ${MAX_FILE_BYTES} bytes`,
    ],
  ])('refuses a file %s', (_, dataURL, message) => {
    expect(() => decodeFiles([file(dataURL)])).toThrow(message);
  });
});

describe('mintContent', () => {
  it("writes OPI's mint with the tick as deployed and amt as a string", () => {
    expect(mintContent('OrDi', '1000.5')).toBe(
      '{"p":"brc-20","op":"mint","tick":"OrDi","amt":"1000.5"}',
    );
  });
});
