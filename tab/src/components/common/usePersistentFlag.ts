import { useCallback, useState } from "react";
import { localStore } from "../../storage/localStore";

/**
 * A yes/no choice remembered on this device (localStorage through localStore, so a blocked
 * storage inside a Teams iframe only forgets it): e.g. whether the Story Queue is collapsed.
 * @param key the storage key; the flag is stored as "1" or removed
 * @returns the flag (false when never set) and its setter
 */
export function usePersistentFlag(key: string): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => localStore.get(key) === "1");
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      if (next) localStore.set(key, "1");
      else localStore.remove(key);
    },
    [key],
  );
  return [value, set];
}
