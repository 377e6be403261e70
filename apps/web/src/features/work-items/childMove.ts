/** Where moving child `index` one place up or down puts it: next to its neighbour; null at an end. */
export function childMove(
  ids: readonly string[],
  index: number,
  direction: 'up' | 'down',
): { adjacentWorkItemId: string; relativePosition: 'BEFORE' | 'AFTER' } | null {
  const neighbour = ids[direction === 'up' ? index - 1 : index + 1];
  if (neighbour === undefined || index < 0 || index >= ids.length) return null;
  return { adjacentWorkItemId: neighbour, relativePosition: direction === 'up' ? 'BEFORE' : 'AFTER' };
}
