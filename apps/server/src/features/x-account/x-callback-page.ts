import { createHash } from 'node:crypto';
import {
  X_ACCOUNT_MESSAGE_TYPE,
  X_CONNECT_FAILED,
  X_CONNECT_RESULT_PARAM,
  X_CONNECTED,
  type XAccountMessage,
} from '@om/core';

// The page X's redirect lands on, in the popup the wizard opened. It tells the wizard how it
// went and closes. postMessage goes to the page's own origin only (the app's, PUBLIC_URL); when
// X's pages have cut the popup off from its opener (Cross-Origin-Opener-Policy), a
// BroadcastChannel of the same origin still reaches it. Left open (no popup: the consent page
// replaced the app's tab), it goes on to /launchpad?x=connected|failed, which toasts.

export type CallbackPage = { html: string; contentSecurityPolicy: string };

function pageScript(message: XAccountMessage, fallbackPath: string): string {
  return [
    `var message = ${JSON.stringify(message)};`,
    'if (window.opener) {',
    '  window.opener.postMessage(message, window.location.origin);',
    "} else if (typeof BroadcastChannel === 'function') {",
    '  new BroadcastChannel(message.type).postMessage(message);',
    '}',
    'window.close();',
    `setTimeout(function () { window.location.replace(${JSON.stringify(fallbackPath)}); }, 500);`,
  ].join('\n');
}

function buildPage(ok: boolean): CallbackPage {
  const fallbackPath = `/launchpad?${X_CONNECT_RESULT_PARAM}=${ok ? 'connected' : 'failed'}`;
  const script = pageScript({ type: X_ACCOUNT_MESSAGE_TYPE, ok }, fallbackPath);
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>X account</title>',
    `<noscript><meta http-equiv="refresh" content="0; url=${fallbackPath}"></noscript>`,
    '</head>',
    '<body>',
    `<p>${ok ? X_CONNECTED : X_CONNECT_FAILED}. You can close this window.</p>`,
    `<script>${script}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
  // Nothing but this one script: no other script, style, image, frame, form or base.
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src 'sha256-${hash}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}

const PAGES = { connected: buildPage(true), failed: buildPage(false) };

export function callbackPage(outcome: 'connected' | 'failed'): CallbackPage {
  return PAGES[outcome];
}
