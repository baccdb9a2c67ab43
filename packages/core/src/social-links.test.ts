import { describe, it, expect } from 'vitest';
import {
  normalizeSocialUrl,
  socialLinkError,
  socialLinkSchema,
  socialLinkUsername,
  type SocialNetwork,
} from './social-links.ts';

const NO_SPACES = 'The URL must not contain spaces.';
const IG_HOST = 'Instagram link must be an instagram.com URL.';
const IG_USER = 'Instagram username must be 1-30 letters, numbers, underscores or periods.';
const TG_HOST = 'Telegram link must be a t.me URL.';
const TG_USER = 'Telegram username must be 5-32 letters, numbers or underscores.';
const DC_HOST = 'Discord link must be a discord.gg or discord.com/invite URL.';
const DC_CODE = 'Discord invite code can only contain letters, numbers, hyphens and underscores.';
const X_HOST = 'X link must be an x.com or twitter.com URL.';
const X_USER = 'X username must be 1-15 letters, numbers or underscores.';

describe('normalizeSocialUrl', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['x.com/satoshi', 'https://x.com/satoshi'],
    [' http://t.me/channel ', 'http://t.me/channel'],
    ['HTTPS://x.com/a', 'HTTPS://x.com/a'],
  ])('%j → %j', (input, output) => {
    expect(normalizeSocialUrl(input)).toBe(output);
  });
});

describe('socialLinkError', () => {
  it.each<[SocialNetwork, string, string | undefined]>([
    ['instagram', '', undefined],
    ['instagram', 'instagram.com/my.user_1', undefined],
    ['instagram', 'https://www.instagram.com/artist/', undefined],
    ['instagram', 'https://instagram.com/artist?igsh=abc', undefined],
    ['instagram', 'https://instagram.com/my user', NO_SPACES],
    ['instagram', 'https://facebook.com/artist', IG_HOST],
    ['instagram', 'https://instagram.com/', IG_USER],
    ['instagram', 'https://instagram.com/a-b', IG_USER],
    ['instagram', `https://instagram.com/${'a'.repeat(31)}`, IG_USER],
    ['telegram', 't.me/channel_1', undefined],
    ['telegram', 'https://telegram.me/channel', TG_HOST],
    ['telegram', 'https://t.me/abcd', TG_USER],
    ['telegram', `https://t.me/${'a'.repeat(33)}`, TG_USER],
    ['discord', 'discord.gg/Ab-c_1', undefined],
    ['discord', 'https://discord.com/invite/abc', undefined],
    ['discord', 'https://discord.com/channels/1', DC_HOST],
    ['discord', 'https://discordapp.com/abc', DC_HOST],
    ['discord', 'https://discord.gg/a.b', DC_CODE],
    ['x', 'x.com/satoshi', undefined],
    ['x', 'https://twitter.com/jack_1', undefined],
    ['x', 'https://X.com/upper', undefined],
    ['x', 'https://mastodon.social/@a', X_HOST],
    ['x', 'https://x.com/this_is_sixteen_', X_USER],
    ['x', 'https://x.com/@handle', X_USER],
  ])('%s %j → %s', (network, value, message) => {
    expect(socialLinkError(network, value)).toBe(message);
  });
});

describe('socialLinkUsername', () => {
  it.each<[string, string | undefined]>([
    ['x.com/Satoshi', 'Satoshi'],
    ['https://www.twitter.com/jack_1/', 'jack_1'],
    ['https://X.com/upper?s=20', 'upper'],
    ['', undefined],
    ['https://x.com/@handle', undefined],
    ['https://mastodon.social/satoshi', undefined],
    ['https://x.com/has space', undefined],
  ])('x %j → %j', (value, username) => {
    expect(socialLinkUsername('x', value)).toBe(username);
  });
});

describe('socialLinkSchema', () => {
  it('prefixes https and defaults to empty', () => {
    expect(socialLinkSchema('x').parse('x.com/satoshi')).toBe('https://x.com/satoshi');
    expect(socialLinkSchema('x').parse(undefined)).toBe('');
  });

  it('reports one message', () => {
    const issues = socialLinkSchema('telegram').safeParse('t.me/abc').error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual([TG_USER]);
  });
});
