/**
 * Where `npm start`'s service writes its JSON log lines: a file the demo
 * names (a person reads the terminal, not JSON), and the terminal as well
 * with `--verbose`.
 */
import { createWriteStream } from 'node:fs';
import type { DestinationStream } from 'pino';

export function demoLogDestination(file: string, verbose: boolean): DestinationStream & { close(): Promise<void> } {
  const out = createWriteStream(file, { flags: 'a' });
  return {
    write(line: string) {
      out.write(line);
      if (verbose) process.stdout.write(line);
    },
    close: () => new Promise<void>((resolve) => out.end(resolve)),
  };
}
