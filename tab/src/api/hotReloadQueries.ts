import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "./queryKeys";

/** GET /api/hot-reload-test's answer (spec part 2 section 7). */
export interface HotReloadTestView {
  status: string;
  /** ISO 8601 time of the answer. */
  timestamp: string;
  environment: string;
}

/** The developer demo call; fetched on demand (`refetch`) as well as on mount. */
export function useHotReloadTest() {
  return useQuery<HotReloadTestView>({ queryKey: queryKeys.hotReloadTest, staleTime: 0 });
}
