import { UsageError } from '../cli-usage';

/** The command-line options that can come from the environment: parseArgs's option shapes. */
type OptionShapes = Record<string, { type: 'string' | 'boolean' }>;
type OptionValues = Record<string, string | boolean | undefined>;

/** `public-url` -> `SHORTLINK_PUBLIC_URL`. */
export function envName(option: string): string {
  return `SHORTLINK_${option.toUpperCase().replaceAll('-', '_')}`;
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['', '0', 'false', 'no', 'off']);

/**
 * Fills every option not given on the command line from its SHORTLINK_…
 * variable, so a service manager (systemd, a container) can configure the
 * service without a long command line; a flag always wins over the
 * environment. `help` never comes from the environment. Strings are taken as
 * they are (the CLI validates them as it does flags); booleans must read as
 * yes or no, so a typo cannot silently turn a switch off.
 */
export function withEnvironment<V extends OptionValues>(values: V, options: OptionShapes, env: NodeJS.ProcessEnv): V {
  const merged: OptionValues = { ...values };
  for (const [option, shape] of Object.entries(options)) {
    if (option === 'help' || merged[option] !== undefined) continue;
    const raw = env[envName(option)];
    if (raw === undefined) continue;
    if (shape.type === 'string') {
      merged[option] = raw;
      continue;
    }
    const word = raw.trim().toLowerCase();
    if (!TRUE.has(word) && !FALSE.has(word)) {
      throw new UsageError(`${envName(option)} must be 1, true, yes, 0, false or no, not "${raw}"`);
    }
    merged[option] = TRUE.has(word);
  }
  return merged as V;
}

/** The help's list of variables, one per option. */
export function environmentHelp(options: OptionShapes): string {
  const lines = Object.keys(options)
    .filter((option) => option !== 'help')
    .map((option) => `  ${`--${option}`.padEnd(26)}${envName(option)}`);
  return ['Every option can be set in the environment instead (a flag wins over its variable):', ...lines].join('\n');
}
