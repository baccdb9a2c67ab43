import { describe, it, expect } from 'vitest';
import {
  btcAddressRule,
  emailRule,
  firstError,
  isHttpUrl,
  minLengthRule,
  optionalUrlRule,
  requiredRule,
  ruledString,
} from './rules.ts';

const MAINNET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TESTNET = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

describe('firstError keeps the order of rules', () => {
  const rules = [requiredRule('Required.'), minLengthRule(3, 'Too short.')];
  it.each([
    ['', 'Required.'],
    ['  ', 'Required.'],
    ['ab', 'Too short.'],
    ['abc', undefined],
  ])('%j → %s', (value, message) => {
    expect(firstError(value, rules)).toBe(message);
  });
});

describe('ruledString', () => {
  const schema = ruledString('Name is required.', [minLengthRule(3, 'Too short.')]);
  it.each([
    [undefined, 'Name is required.'],
    [42, 'Name is required.'],
    [' ab ', 'Too short.'],
  ])('%j → %s', (value, message) => {
    expect(schema.safeParse(value).error?.issues[0]?.message).toBe(message);
  });

  it('trims the value', () => {
    expect(schema.parse('  abc  ')).toBe('abc');
  });
});

describe('field rules', () => {
  it.each([
    [emailRule('Bad email.'), 'a@b.co', undefined],
    [emailRule('Bad email.'), 'a@b', 'Bad email.'],
    [optionalUrlRule('Bad URL.'), '', undefined],
    [optionalUrlRule('Bad URL.'), 'https://example.com/x', undefined],
    [optionalUrlRule('Bad URL.'), 'example.com', 'Bad URL.'],
    [optionalUrlRule('Bad URL.'), 'ftp://example.com', 'Bad URL.'],
    [btcAddressRule('mainnet'), MAINNET, undefined],
    [btcAddressRule('mainnet'), TESTNET, 'Invalid BTC address'],
    [btcAddressRule('testnet'), TESTNET, undefined],
    [btcAddressRule('signet'), TESTNET, undefined],
    [btcAddressRule('signet'), MAINNET, 'Invalid BTC address'],
    [btcAddressRule('mainnet'), '', 'Invalid BTC address'],
  ])('rule %#: %j → %s', (rule, value, message) => {
    expect(rule(value)).toBe(message);
  });

  it.each([
    ['http://localhost:3000/a.png', true],
    ['https://example.com', true],
    ['not a url', false],
    ['javascript:alert(1)', false],
  ])('isHttpUrl(%j) → %s', (value, ok) => {
    expect(isHttpUrl(value)).toBe(ok);
  });
});
