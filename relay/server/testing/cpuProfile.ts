import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * A CPU profile of this thread through the inspector, sampled every 100 µs (the benchmarks': tests/bench/floors.ts for
 * the bench process, relayProcess.ts for a relay child). `stop` writes it as a .cpuprofile (scripts/profile-summary.mjs).
 */
export async function startCpuProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}
