import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

/**
 * A V8 CPU profile of this process (the server's, as the bench runs it) while `run` runs, written
 * to `file` for Chrome DevTools or `summarize-profile.ts`: only the mint itself, not the setup.
 */
export async function withCpuProfile<T>(file: string | undefined, run: () => Promise<T>) {
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  }
}
