import type { Bundle } from '../../test/authz-world';
import type { Oracle, Outcome } from './oracle';

/**
 * Which bundles a route is tried on: `conf` (a plain and a confidential one), `conf+internal`
 * (also with internal notes), or `plain` (confidentiality does not apply, e.g. labels).
 */
export type Dims = 'conf' | 'conf+internal' | 'plain';

export interface CellInput {
  b: Bundle;
  o: Oracle;
  /** A string unique to the cell, put in titles and bodies so a denied create can be looked for. */
  marker: string;
}

/** A REST route the matrix attacks. */
export interface RestEntry {
  method: string;
  url: string;
  dims: Dims;
  /** The path with its params filled from the bundle (query string allowed). */
  path: (c: CellInput) => string;
  body?: (c: CellInput) => Record<string, unknown>;
  expect: (c: CellInput) => Outcome;
  /** For lists: the text of an object that must be listed exactly when `visible` says so. */
  listed?: { text: (c: CellInput) => string; visible: (c: CellInput) => boolean };
  /** Success statuses besides 2xx (GitLab answers 304 to unsubscribing when not subscribed). */
  alsoOk?: number[];
}

/** A GraphQL field the matrix attacks, named `Type.field`. */
export interface GraphqlEntry {
  field: string;
  dims: Dims;
  write: boolean;
  query: (c: CellInput) => string;
  /** Reads: the value the field resolved to (null when hidden). Writes: the mutation payload. */
  pick: (data: unknown) => unknown;
  expect: (c: CellInput) => Outcome;
  listed?: { text: (c: CellInput) => string; visible: (c: CellInput) => boolean };
}

/** A route or field the matrix deliberately leaves out, and why. */
export interface OutOfScope {
  key: string;
  reason: string;
}
