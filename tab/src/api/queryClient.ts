import { QueryClient, type QueryFunctionContext } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { noteRoundTrip } from "./serverClock";

function pathOf(context: QueryFunctionContext): string {
  return context.queryKey.map((part) => encodeURI(String(part))).join("/");
}

/** How the app reads a query's path (GET through apiRequest; tests give their own). */
export type ReadPath = (path: string) => Promise<unknown>;

/**
 * The app's query client (spec part 1 section 7, "Data defaults"): a read's path is its key
 * joined by slashes; results never go stale on their own; no refetch on focus or interval;
 * no retries. Hooks that need otherwise say so.
 *
 * Newest wins: a read whose key was written meanwhile (a server push, e.g. a participant who
 * joined, or a snapshot) answers the cache's data, not its own. Its answer was read before or
 * while that push was made, and would silently undo it; anything that changed after the push
 * comes as a later push (DESIGN.md "Contracts": pushes carry the changed data).
 *
 * An answer that carries `serverNow` is a clock sample measured over its round trip (serverClock).
 */
export function createQueryClient(read: ReadPath = (path) => apiRequest("GET", path)): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: async (context) => {
          const started = Date.now();
          const answer = await read(pathOf(context));
          // An answer with the server's clock (GET /api/sessions/{id}) is a round trip: a clock sample.
          const serverNow = (answer as { serverNow?: unknown } | null)?.serverNow;
          if (typeof serverNow === "string") noteRoundTrip(started, serverNow);
          const cached = client.getQueryState(context.queryKey);
          return cached && cached.dataUpdatedAt > started ? cached.data : answer;
        },
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
