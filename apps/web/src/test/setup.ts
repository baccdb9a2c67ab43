import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installMatchMedia, setViewportWidth } from './match-media.ts';

installMatchMedia();
// findBy* and waitFor wait 3 s, not 1: on CI's two busy cores a lazy route's first import or a
// query's first answer can take longer than a second, and a 1 s wait failed tests that were right.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  setViewportWidth(1280);
});
