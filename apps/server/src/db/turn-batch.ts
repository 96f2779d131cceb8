import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

interface Asked<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Lookups by key that share one statement per turn of the event loop: the keys asked on the pool while
 * nothing is sent yet go together on the next turn, one statement for all of them (`load` answers what
 * it found, by key). A door's many devices, each with its own session, then cost one session statement
 * per turn instead of one per scan. Nothing is kept once the statement is sent: a key asked after that
 * goes in the next one, so every lookup is answered by a statement sent after it was asked, never by an
 * older answer. In a transaction each lookup is its own statement (`load` with one key), as the
 * transaction must read through its own connection.
 */
export function turnBatch<K, V>(load: (db: DbOrTx, keys: K[]) => Promise<Map<K, V>>) {
  const pending = new WeakMap<DbOrTx, Map<K, Asked<V>[]>>();

  async function send(db: DbOrTx, asked: Map<K, Asked<V>[]>) {
    try {
      const found = await load(db, [...asked.keys()]);
      for (const [key, waiting] of asked) for (const one of waiting) one.resolve(found.get(key));
    } catch (error) {
      for (const waiting of asked.values()) for (const one of waiting) one.reject(error);
    }
  }

  return (db: DbOrTx, key: K): Promise<V | undefined> => {
    if (db instanceof PgTransaction) return load(db, [key]).then((found) => found.get(key));
    return new Promise((resolve, reject) => {
      let asked = pending.get(db);
      if (!asked) {
        const turn = new Map<K, Asked<V>[]>();
        asked = turn;
        pending.set(db, turn);
        setImmediate(() => {
          pending.delete(db);
          void send(db, turn);
        });
      }
      const waiting = asked.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else asked.set(key, [{ resolve, reject }]);
    });
  };
}
