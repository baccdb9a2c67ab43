import fs from 'node:fs';
import path from 'node:path';

const SERVER_PACKAGE = path.resolve(import.meta.dirname, '../../apps/server/package.json');

/**
 * The Node flags `npm start` runs the server with (apps/server's `start` script, e.g.
 * `--no-liftoff` for PGlite's WASM), so that a bench's processes run as the product does: read
 * from the script itself, so that the two cannot drift apart.
 */
export function serverNodeFlags(file = SERVER_PACKAGE): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const words = (scripts?.start ?? '').split(/\s+/).filter(Boolean);
  if (words[0] !== 'node') return [];
  const end = words.findIndex(
    (word, i) => i > 0 && (word === '--import' || !word.startsWith('--')),
  );
  return words.slice(1, end === -1 ? undefined : end);
}

/** A bench's `--node-flags` option: the words given ('' for none), else the server's flags. */
export function nodeFlagsOption(option: string | undefined): string[] {
  return option?.split(/\s+/).filter(Boolean) ?? serverNodeFlags();
}
