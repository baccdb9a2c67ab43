import { describe, expect, it } from 'vitest';
import { MinedChecks } from './mined-checks.ts';

describe('MinedChecks', () => {
  let now = 0;
  const checks = () => {
    now = 1_000_000;
    return new MinedChecks(() => now);
  };

  it('checks blocks on the first pass, then only when the tip changes', () => {
    const c = checks();
    expect(c.isDue('a')).toBe(true);
    c.ran('a');
    now += 5_000;
    expect(c.isDue('a')).toBe(false);
    expect(c.isDue('b')).toBe(true);
    c.ran('b');
    // A reorg back to an earlier tip is a change too.
    expect(c.isDue('a')).toBe(true);
  });

  it('checks again after RECHECK_MS on the same tip', () => {
    const c = checks();
    c.ran('a');
    now += MinedChecks.RECHECK_MS - 1;
    expect(c.isDue('a')).toBe(false);
    now += 1;
    expect(c.isDue('a')).toBe(true);
  });

  it('stays due until a pass that checked blocks says it ran', () => {
    const c = checks();
    expect(c.isDue(undefined)).toBe(true);
    // The pass failed before ran(): the next one checks blocks again.
    expect(c.isDue(undefined)).toBe(true);
    c.ran(undefined);
    expect(c.isDue(undefined)).toBe(false);
  });
});
