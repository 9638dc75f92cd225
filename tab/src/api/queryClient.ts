import { QueryClient, type QueryFunctionContext } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";

function pathOf(context: QueryFunctionContext): string {
  return context.queryKey.map((part) => encodeURI(String(part))).join("/");
}

/**
 * The app's query client (spec part 1 section 7, "Data defaults"): a read's path is its key
 * joined by slashes; results never go stale on their own; no refetch on focus or interval;
 * no retries. Hooks that need otherwise say so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: (context) => apiRequest("GET", pathOf(context)),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
