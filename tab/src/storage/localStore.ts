/**
 * localStorage that never throws: inside an iframe (a Teams tab) storage can be blocked, and
 * the app must then work without remembering anything.
 */
export const localStore = {
  /** The stored string, or null when absent or storage is unavailable. */
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  /** Stores `value`; silently does nothing when storage is unavailable. */
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage blocked: nothing to remember
    }
  },
  /** Removes `key`. */
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // storage blocked
    }
  },
};
