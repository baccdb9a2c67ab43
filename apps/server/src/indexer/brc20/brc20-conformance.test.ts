import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SYNTHETIC_NAMES,
  expectedConformanceHashes,
  fillConformanceTemplate,
  runConformanceTable,
} from './brc20-conformance.ts';
import { BRC20_CONFORMANCE_TABLE } from './brc20-conformance.table.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('the conformance table run through the rules with synthetic ids and pkscripts', () => {
  const run = runConformanceTable(BRC20_CONFORMANCE_TABLE);

  it.each(BRC20_CONFORMANCE_TABLE.map((block, i) => [i + 1, block.title, block] as const))(
    'block %i (%s) yields exactly the expected events',
    (i, _title, block) => {
      const expected = block.expected.map((t) => fillConformanceTemplate(t, SYNTHETIC_NAMES));
      expect(run[i - 1]!.strings).toEqual(expected);
    },
  );

  it('has the hashes computed straight from the expected strings with node:crypto', () => {
    let cumulative: string | null = null;
    BRC20_CONFORMANCE_TABLE.forEach((block, i) => {
      const text = block.expected.map((t) => fillConformanceTemplate(t, SYNTHETIC_NAMES)).join('|');
      const blockHash = sha(text);
      cumulative = cumulative === null ? blockHash : sha(cumulative + blockHash);
      expect(run[i]!.blockEventHash).toBe(blockHash);
      expect(run[i]!.cumulativeEventHash).toBe(cumulative);
    });
    expect(run.at(-1)!.blockEventHash).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('expectedConformanceHashes agrees with the run, and chains from a given previous hash', () => {
    expect(expectedConformanceHashes(BRC20_CONFORMANCE_TABLE, SYNTHETIC_NAMES)).toEqual(run);
    const prev = 'ab'.repeat(32);
    const chained = expectedConformanceHashes(BRC20_CONFORMANCE_TABLE, SYNTHETIC_NAMES, prev);
    expect(chained[0]!.cumulativeEventHash).toBe(sha(prev + run[0]!.blockEventHash));
  });

  it('uses every label once for an inscription, and sends only inscribed labels', () => {
    const inscribed = new Set<string>();
    for (const block of BRC20_CONFORMANCE_TABLE) {
      for (const { action } of block.steps) {
        if (action.kind === 'inscribe') {
          expect(inscribed.has(action.label)).toBe(false);
          inscribed.add(action.label);
        } else expect(inscribed.has(action.label)).toBe(true);
        if (action.kind === 'inscribe' && action.parentLabel)
          expect(inscribed.has(action.parentLabel)).toBe(true);
      }
    }
  });
});

describe('fillConformanceTemplate', () => {
  it('replaces ids and pkscripts', () => {
    const names = { id: (l: string) => `<${l}>`, pk: (a: string) => `[${a}]` };
    expect(fillConformanceTemplate('x;{id:tA1};{pk:alice};{pk:bob};', names)).toBe(
      'x;<tA1>;[alice];[bob];',
    );
  });
});
