import { formatReference } from '../references/references';

/**
 * A label reference by id in a system note (`added ~12 ~13 labels`, as Meridian and GitLab write them):
 * a `~` starting a word, then digits. (Digits only, bounded: no backtracking on any text.)
 */
const LABEL_ID_REFERENCE = /(^|\s)~(\d{1,10})(?=$|[\s.,;:!?)])/g;

/** The label ids a system note refers to, once each, in order. */
export function labelIdsIn(note: string): number[] {
  return [...new Set([...note.matchAll(LABEL_ID_REFERENCE)].map((match) => Number(match[2])))];
}

/**
 * The note with its label references by id made references by title (`~bug`, `~"a b"`), which another
 * instance resolves against its own labels (a group export read elsewhere); an id `titleOf` does not
 * know stays as written.
 */
export function labelIdsAsTitles(note: string, titleOf: (id: number) => string | undefined): string {
  return note.replace(LABEL_ID_REFERENCE, (written, space: string, id: string) => {
    const title = titleOf(Number(id));
    return title === undefined ? written : `${space}${formatReference({ kind: 'label', title })}`;
  });
}
