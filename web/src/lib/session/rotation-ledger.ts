/**
 * The last refresh-token rotation, kept in IndexedDB for the other tabs. Each tab reads its own copy of
 * localStorage, which the browser updates asynchronously: a tab that takes the refresh lock right after another
 * tab rotated can still read the spent refresh token (seen in CI, 150 ms after the write), spend it again, and have
 * the server revoke the whole session. IndexedDB transactions are ordered by the browser, so what the rotating tab
 * recorded before releasing the lock is what the next tab reads.
 */
import type { TokenPair } from '@app/contract';

type Rotation = { spent: string; pair: TokenPair };

const DATABASE = 'tessera-session';
const STORE = 'rotation';
const KEY = 'latest';

function openLedger(): Promise<IDBDatabase> | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const opening = openLedger();
  if (!opening) return undefined as T;
  const database = await opening;
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    });
  } finally {
    database.close();
  }
}

/** The pair that replaced `refreshToken`, if another tab already spent it. */
export async function pairReplacing(refreshToken: string): Promise<TokenPair | undefined> {
  const rotation = await run<Rotation | undefined>('readonly', (store) => store.get(KEY)).catch(
    () => undefined,
  );
  return rotation?.spent === refreshToken ? rotation.pair : undefined;
}

/** Records that `spent` was exchanged for `pair`; a ledger that cannot be written leaves the old behaviour. */
export async function recordRotation(spent: string, pair: TokenPair): Promise<void> {
  await run('readwrite', (store) => store.put({ spent, pair } satisfies Rotation, KEY)).catch(
    () => undefined,
  );
}

/** Sign-out forgets the last rotation with the rest of the session. */
export async function clearRotation(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY)).catch(() => undefined);
}
