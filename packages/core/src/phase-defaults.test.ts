import { describe, it, expect } from 'vitest';
import { defaultPhases, newPhase, randomUuid } from './phase-defaults.ts';

function counter() {
  let n = 0;
  return () => `00000000-0000-4000-8000-00000000000${++n}`;
}

describe('defaultPhases', () => {
  it('has two whitelist phases and one public phase, allocation 1', () => {
    const phases = defaultPhases(counter());
    expect(phases.map((p) => [p.uuid.slice(-1), p.name, p.isPublic, p.allocation])).toEqual([
      ['1', 'Whitelist Sale', false, 1],
      ['2', 'Whitelist Sale', false, 1],
      ['3', 'Public Sale', true, 1],
    ]);
  });

  it('uses fresh random uuids by default', () => {
    const [a, b] = defaultPhases();
    expect(a?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a?.uuid).not.toBe(b?.uuid);
    expect(randomUuid()).not.toBe(randomUuid());
  });
});

describe('newPhase', () => {
  it.each([
    [{}, 'Whitelist Sale', false],
    [{ isPublic: true }, 'Public Sale', true],
    [{ name: 'OG Sale' }, 'OG Sale', false],
  ])('%j', (options, name, isPublic) => {
    const phase = newPhase(options, () => 'id');
    expect(phase).toMatchObject({
      uuid: 'id',
      name,
      isPublic,
      price: '',
      allowList: '',
      isFinished: false,
    });
  });
});
