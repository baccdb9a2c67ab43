import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installMatchMedia, setViewportWidth } from './match-media.ts';

// Tests of code that needs no page run in Node (`// @vitest-environment node` at their top):
// jsdom's start was most of their time, and there is no page to set up or clean there.
const hasPage = typeof document !== 'undefined';

if (hasPage) installMatchMedia();
// findBy* and waitFor wait 3 s, not 1: on CI's two busy cores a lazy route's first import or a
// query's first answer can take longer than a second, and a 1 s wait failed tests that were right.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  if (hasPage) cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (!hasPage) return;
  localStorage.clear();
  sessionStorage.clear();
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  setViewportWidth(1280);
});
