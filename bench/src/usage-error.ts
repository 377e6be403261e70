/** Ends a bench script called with missing or unknown arguments: the message on stderr, exit code 2. */
export function usageError(message: string): never {
  console.error(message);
  process.exit(2);
}
