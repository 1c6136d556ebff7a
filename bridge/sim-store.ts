/**
 * Where the wrapper simulator keeps its "disk": download records, partial and finished package
 * bytes, installed apps and its made-up device ids. IndexedDB in the browser (so a reload keeps a
 * half-downloaded file, as the real wrapper's disk would), a Map in node tests.
 */
export interface SimStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

/** A Map that copies values in and out, as IndexedDB's structured clone does. */
export function createMemorySimStore(): SimStore & { readonly entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: async (key) => (entries.has(key) ? structuredClone(entries.get(key)) : undefined),
    set: async (key, value) => void entries.set(key, structuredClone(value)),
    del: async (key) => void entries.delete(key),
    keys: async () => [...entries.keys()],
  };
}

/** The simulator's own IndexedDB database, apart from the app's (idb-keyval's default store). */
export async function createIdbSimStore(): Promise<SimStore> {
  const idb = await import('idb-keyval');
  const store = idb.createStore('lewan-wrapper-sim', 'state');
  return {
    get: (key) => idb.get(key, store),
    set: (key, value) => idb.set(key, value, store),
    del: (key) => idb.del(key, store),
    keys: async () => (await idb.keys(store)).filter((key): key is string => typeof key === 'string'),
  };
}
