import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./apiRequest";
import { queryKeys } from "./queryKeys";

/** Button labels of the sign-in providers (issue #13 section 1). */
export const PROVIDER_LABELS: Record<string, string> = {
  google: "Google",
  microsoft: "Microsoft",
  github: "GitHub",
  twitter: "X (Twitter)",
  bluesky: "Bluesky",
};

/** GET /api/auth/providers: the enabled sign-in providers, in button order; empty while loading or on error. */
export function useAuthProviders() {
  return useQuery({
    queryKey: queryKeys.authProviders,
    queryFn: async () => (await apiRequest<{ providers: string[] }>("GET", "/api/auth/providers")).providers,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * POST /api/auth/link/{provider} (Bluesky: with `{handle}`), then the browser goes to the
 * provider (it comes back to /settings).
 */
export function useLinkProvider() {
  return useMutation({
    mutationFn: ({ provider, handle }: { provider: string; handle?: string }) =>
      apiRequest<{ url: string }>(
        "POST",
        `/api/auth/link/${provider}`,
        handle === undefined ? {} : { body: { handle } },
      ),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** DELETE /api/auth/providers/{provider}; refreshes the user (409 LAST_SIGN_IN_METHOD for the last way in). */
export function useUnlinkProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) => apiRequest<{ providers: string[] }>("DELETE", `/api/auth/providers/${provider}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}

/** What the provider callback's `?error=` means, for the toast on /login and /settings. */
export const PROVIDER_ERRORS: Record<string, string> = {
  cancelled: "Sign-in was cancelled.",
  provider_error: "The sign-in provider reported a problem. Please try again.",
  state_mismatch: "That sign-in attempt expired or did not match. Please try again.",
  handle_not_found: "That Bluesky handle was not found. Check it and try again.",
  provider_in_use: "That account is already linked to another Pointwise user.",
  provider_already_linked: "Another account of this provider is already linked. Unlink it first.",
};
