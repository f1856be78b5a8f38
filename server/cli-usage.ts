/** A mistake in the command line: the CLI prints it with the usage line and exits 2. */
export class UsageError extends Error {}
