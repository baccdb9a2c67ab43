// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shortenAddress } from './format.ts';

describe('shortenAddress', () => {
  it('keeps the first six and last four characters', () => {
    expect(shortenAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe('bcrt1q…t080');
  });

  it('leaves short strings alone', () => {
    expect(shortenAddress('tb1qshort')).toBe('tb1qshort');
  });
});
