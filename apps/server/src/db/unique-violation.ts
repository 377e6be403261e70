/** Postgres unique_violation, from either driver (`constraint` names the index that refused the row). */
export function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Runs `write`; a unique violation (the path, title or name is taken) is thrown as `taken()` instead. */
export async function rejectDuplicate<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
