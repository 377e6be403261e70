import { randomUUID } from 'node:crypto';

/** Items whose version this process remembers; beyond it the least recently used are forgotten. */
const DEFAULT_CAPACITY = 50_000;

interface Entry {
  version: string;
  /** The event sequence number when this version was set. */
  seq: number;
}

/**
 * The in-memory change version of each polled item, keyed `Issue:123`, and which item a polled
 * path names (`issue:group/project#3` → `Issue:123`). Only a cache: the database stays the truth.
 *
 * - A version is the id of the last transaction that published a change to the item (the same in
 *   every process, so an ETag from one process is good at another), or a random one for an item
 *   this process has not heard about since it started or forgot.
 * - It is replaced by every change event from the bus — which carries other processes' writes —
 *   and everything is forgotten when the listener loses its connection (events may be missed
 *   until it is back: no version is trusted meanwhile) and when it listens again.
 * - Bounded: least recently used entries go first; a forgotten item just answers 200 once more.
 * - Race: a poll reads the item, then takes its version. If an event arrived after the read began,
 *   the answer may be older than that version, so `settle` gives no version and the poll carries
 *   no ETag; the next poll reads again.
 */
export class ChangeVersions {
  private readonly versions = new Map<string, Entry>();
  private readonly items = new Map<string, string>();
  private seq = 0;
  private resetSeq = 0;
  private evictedSeq = 0;
  private trusted = false;

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** The sequence number now: take it before reading what an ETag will describe. */
  mark(): number {
    return this.seq;
  }

  /** A change event for `itemKey`. */
  changed(itemKey: string, version: string): void {
    this.seq += 1;
    this.rememberVersion(itemKey, { version, seq: this.seq });
  }

  /** The listener lost (`listening` false) or regained its connection: forget everything. */
  reset(listening: boolean): void {
    this.seq += 1;
    this.resetSeq = this.seq;
    this.versions.clear();
    this.items.clear();
    this.trusted = listening;
  }

  /** The item and version behind a polled path, when known and trusted: what a 304 check needs. */
  lookup(pathKey: string): { itemKey: string; version: string } | undefined {
    if (!this.trusted) return undefined;
    const itemKey = this.items.get(pathKey);
    const entry = itemKey === undefined ? undefined : this.versions.get(itemKey);
    if (itemKey === undefined || !entry) return undefined;
    return { itemKey, version: entry.version };
  }

  /**
   * After the read that began at `mark`: the item's version for the answer's ETag (remembering the
   * path → item link), or undefined when a change or reset may have come in since.
   */
  settle(pathKey: string, itemKey: string, mark: number): string | undefined {
    if (!this.trusted || this.resetSeq > mark) return undefined;
    let entry = this.versions.get(itemKey);
    if (entry ? entry.seq > mark : this.evictedSeq > mark) return undefined;
    entry ??= { version: `local-${randomUUID()}`, seq: mark };
    this.rememberVersion(itemKey, entry);
    remember(this.items, pathKey, itemKey, this.capacity);
    return entry.version;
  }

  get size(): number {
    return this.versions.size;
  }

  private rememberVersion(itemKey: string, entry: Entry): void {
    const evicted = remember(this.versions, itemKey, entry, this.capacity);
    if (evicted) this.evictedSeq = Math.max(this.evictedSeq, evicted.seq);
  }
}

/** Sets `key` as the most recently used; returns the least recently used value when over `capacity`. */
function remember<V>(map: Map<string, V>, key: string, value: V, capacity: number): V | undefined {
  map.delete(key);
  map.set(key, value);
  if (map.size <= capacity) return undefined;
  const [oldest, evicted] = map.entries().next().value as [string, V];
  map.delete(oldest);
  return evicted;
}
