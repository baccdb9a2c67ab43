import { z } from 'zod';

// product.md#validation, social links: a missing http(s) scheme is auto-prefixed with https,
// spaces are rejected, and each network has its host and username rules. Every link may be empty.
export const URL_NO_SPACES = 'The URL must not contain spaces.';

export type SocialNetwork = 'instagram' | 'telegram' | 'discord' | 'x';

type SocialRule = {
  /** Accepted hosts, each with the path prefix that must come before the username. */
  hosts: readonly { host: string; prefix: string }[];
  username: RegExp;
  hostMessage: string;
  usernameMessage: string;
};

// The spec leaves these messages out; they name the rule that failed.
export const SOCIAL_RULES: Record<SocialNetwork, SocialRule> = {
  instagram: {
    hosts: [{ host: 'instagram.com', prefix: '/' }],
    username: /^[A-Za-z0-9_.]{1,30}$/,
    hostMessage: 'Instagram link must be an instagram.com URL.',
    usernameMessage: 'Instagram username must be 1-30 letters, numbers, underscores or periods.',
  },
  telegram: {
    hosts: [{ host: 't.me', prefix: '/' }],
    username: /^[A-Za-z0-9_]{5,32}$/,
    hostMessage: 'Telegram link must be a t.me URL.',
    usernameMessage: 'Telegram username must be 5-32 letters, numbers or underscores.',
  },
  discord: {
    hosts: [
      { host: 'discord.gg', prefix: '/' },
      { host: 'discord.com', prefix: '/invite/' },
    ],
    username: /^[A-Za-z0-9_-]+$/,
    hostMessage: 'Discord link must be a discord.gg or discord.com/invite URL.',
    usernameMessage:
      'Discord invite code can only contain letters, numbers, hyphens and underscores.',
  },
  x: {
    hosts: [
      { host: 'x.com', prefix: '/' },
      { host: 'twitter.com', prefix: '/' },
    ],
    username: /^[A-Za-z0-9_]{1,15}$/,
    hostMessage: 'X link must be an x.com or twitter.com URL.',
    usernameMessage: 'X username must be 1-15 letters, numbers or underscores.',
  },
};

const URL_PARTS = /^https?:\/\/(?:www\.)?([^/?#]+)([^?#]*)/i;

/** Trims the link and prefixes https:// when no http(s) scheme is present; '' stays ''. */
export function normalizeSocialUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^https?:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/** The first message for a (normalized or raw) social link, or undefined when it is valid. */
export function socialLinkError(network: SocialNetwork, value: string): string | undefined {
  const link = readSocialLink(network, value);
  return 'error' in link ? link.error : undefined;
}

/**
 * The username a valid, non-empty social link names ('x.com/Satoshi' → 'Satoshi'), else
 * undefined: what the X field compares with the connected X account (product.md#validation).
 */
export function socialLinkUsername(network: SocialNetwork, value: string): string | undefined {
  const link = readSocialLink(network, value);
  return 'username' in link ? link.username : undefined;
}

function readSocialLink(
  network: SocialNetwork,
  value: string,
): { username: string } | { error: string } | { isEmpty: true } {
  const url = normalizeSocialUrl(value);
  if (url === '') return { isEmpty: true };
  if (/\s/.test(url)) return { error: URL_NO_SPACES };
  const rule = SOCIAL_RULES[network];
  const [, host = '', path = ''] = URL_PARTS.exec(url) ?? [];
  const candidates = rule.hosts.filter((h) => h.host === host.toLowerCase());
  const prefixed = candidates.find((h) => path.startsWith(h.prefix));
  if (!prefixed) return { error: rule.hostMessage };
  const username = path.slice(prefixed.prefix.length).replace(/\/$/, '');
  return rule.username.test(username) ? { username } : { error: rule.usernameMessage };
}

/** A social link field: normalized (https prefix) on parse, empty when left out. */
export function socialLinkSchema(network: SocialNetwork) {
  return z
    .string()
    .overwrite(normalizeSocialUrl)
    .superRefine((value, ctx) => {
      const message = socialLinkError(network, value);
      if (message !== undefined) ctx.addIssue({ code: 'custom', message });
    })
    .default('');
}
