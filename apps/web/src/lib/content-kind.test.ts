// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentKindOf, prettyJson, type ContentKind } from './content-kind.ts';

describe('contentKindOf', () => {
  it.each<[string | null, ContentKind]>([
    ['image/png', { kind: 'image', rendering: 'pixelated' }],
    ['image/jpeg', { kind: 'image', rendering: 'pixelated' }],
    ['image/gif', { kind: 'image', rendering: 'pixelated' }],
    ['image/webp', { kind: 'image', rendering: 'pixelated' }],
    ['image/apng', { kind: 'image', rendering: 'pixelated' }],
    ['image/avif', { kind: 'image', rendering: 'auto' }],
    ['image/jxl', { kind: 'image', rendering: 'auto' }],
    ['IMAGE/PNG', { kind: 'image', rendering: 'pixelated' }],
    ['image/svg+xml', { kind: 'iframe' }],
    ['text/html', { kind: 'iframe' }],
    ['text/html;charset=utf-8', { kind: 'iframe' }],
    ['text/plain', { kind: 'text' }],
    ['text/plain; charset=utf-8', { kind: 'text' }],
    ['application/json', { kind: 'json' }],
    ['model/gltf+json', { kind: 'model' }],
    ['model/gltf-binary', { kind: 'model' }],
    ['video/mp4', { kind: 'video' }],
    ['video/webm', { kind: 'video' }],
    ['audio/mpeg', { kind: 'audio' }],
    ['audio/flac', { kind: 'audio' }],
    ['application/pdf', { kind: 'unsupported', contentType: 'application/pdf' }],
    ['model/stl', { kind: 'unsupported', contentType: 'model/stl' }],
    [null, { kind: 'none' }],
    ['', { kind: 'none' }],
  ])('%s → %o', (contentType, kind) => {
    expect(contentKindOf(contentType)).toEqual(kind);
  });
});

describe('prettyJson', () => {
  it('indents valid JSON with two spaces', () => {
    expect(prettyJson('{"p":"brc-20","op":"mint"}')).toBe('{\n  "p": "brc-20",\n  "op": "mint"\n}');
  });

  it('shows invalid JSON as it is', () => {
    expect(prettyJson('{"p":"brc-20",')).toBe('{"p":"brc-20",');
  });
});
