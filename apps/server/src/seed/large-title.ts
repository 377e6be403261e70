import { sql } from 'kysely';
import { n } from './large-epics';

/** A bulk row's title, `<verb> <object> <k + 1>`, picked by the random columns `r2` and `r3` of row `k`. */
export const generatedTitle = (verbs: string[], objects: string[]) =>
  sql`(${verbs}::text[])[1 + floor(r2 * ${n(verbs.length)})::int] || ' ' || (${objects}::text[])[1 + floor(r3 * ${n(objects.length)})::int] || ' ' || (k + 1)`;
