/** One batch of a list read in keyset order, and where the next batch starts (null: this was the last). */
export interface KeysetBatch<R, P> {
  rows: R[];
  next: P | null;
}

/**
 * A whole list read batch after batch, each from where the last stopped (a keyset position or
 * cursor), so a caller streaming it holds one batch at a time however long the list. `read` answers
 * the batch after `after` (the first when undefined). Empty batches are not yielded.
 */
export async function* keysetBatches<R, P>(
  read: (after: P | undefined) => Promise<KeysetBatch<R, P>>,
): AsyncGenerator<R[]> {
  let after: P | undefined;
  for (;;) {
    const { rows, next } = await read(after);
    if (rows.length > 0) yield rows;
    if (next === null) return;
    after = next;
  }
}
