/**
 * Drives the processes of redirect-target.ts for the redirect benches: starts
 * one (it prints its URL), asks its CPU time, and stops it (the service then
 * prints its recorded clicks).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const TARGET = fileURLToPath(new URL('./redirect-target.ts', import.meta.url));

export interface Target {
  child: ChildProcessWithoutNullStreams;
  lines: AsyncIterator<string>;
  url: string;
}

export async function startTarget(kind: 'service' | 'bare', env: NodeJS.ProcessEnv = process.env): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', TARGET, kind], { stdio: ['pipe', 'pipe', 'pipe'], env });
  child.stderr.pipe(process.stderr);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error(`${kind} target exited before listening`);
  const { url, path } = JSON.parse(first.value) as { url: string; path: string };
  return { child, lines, url: `${url}${path}` };
}

/** Sends a command line to the target and reads its one-line JSON answer. */
export async function ask<T>(target: Target, command: string): Promise<T> {
  target.child.stdin.write(`${command}\n`);
  const line = await target.lines.next();
  if (line.done) throw new Error('target exited');
  return JSON.parse(line.value) as T;
}

/** CPU time the target has used so far (all its threads), in microseconds. */
export async function cpuOf(target: Target): Promise<number> {
  return (await ask<{ cpu: number }>(target, 'cpu')).cpu;
}

/** Stops the target; its last line (the service's {"clicks": n}), if it printed one. */
export async function stopTarget(target: Target): Promise<string | undefined> {
  target.child.kill('SIGTERM');
  const last = await target.lines.next();
  return last.done ? undefined : last.value;
}
