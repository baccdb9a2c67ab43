import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callbackPage } from './x-callback-page.ts';

const scriptOf = (html: string) => /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';

describe('callbackPage', () => {
  it.each([
    ['connected', true, 'Successfully connected X Account', '/launchpad?x=connected'],
    ['failed', false, 'Something went wrong when connecting X account', '/launchpad?x=failed'],
  ] as const)('%s: says so, tells the opener, falls back to %s', (outcome, ok, text, path) => {
    const { html, contentSecurityPolicy } = callbackPage(outcome);
    expect(html).toContain(`<p>${text}. You can close this window.</p>`);
    const script = scriptOf(html);
    expect(script).toContain(`var message = {"type":"x-account","ok":${ok}};`);
    expect(script).toContain('window.opener.postMessage(message, window.location.origin);');
    expect(script).toContain(`window.location.replace("${path}")`);
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${path}">`);
    const hash = createHash('sha256').update(script).digest('base64');
    expect(contentSecurityPolicy).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });
});
