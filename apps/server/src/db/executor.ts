import type { Transaction } from 'kysely';
import type { Database } from './connection';
import type { DB } from './schema';

/** The database or an open transaction: what a service function runs its statements on. */
export type Executor = Database | Transaction<DB>;
