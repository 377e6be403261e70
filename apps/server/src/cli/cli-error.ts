/** An error the CLI reports as one clear line on stderr, exiting with `exitCode` (no stack trace). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
