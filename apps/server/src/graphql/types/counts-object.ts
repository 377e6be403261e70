import { builder } from '../builder';

/**
 * An object of whole numbers only (counts, weights), each field read from the same-named property:
 * `countsObject('EpicHealthStatus', 'Health status of child issues.', { issuesOnTrack: '…', … })`.
 */
export function countsObject<const Fields extends Record<string, string>>(
  name: string,
  description: string,
  fields: Fields,
) {
  return builder.objectRef<Record<keyof Fields & string, number>>(name).implement({
    description,
    fields: (t) =>
      Object.fromEntries(
        Object.entries(fields).map(([field, says]) => [
          field,
          t.int({ description: says, resolve: (counts) => (counts as Record<string, number>)[field] as number }),
        ]),
      ),
  });
}
