import type {
  ForgotPasswordInput,
  LoginInput,
  PasswordChangeInput,
  RegisterInput,
  ResetPasswordInput,
} from "@pointwise/core/authSchemas";
import type { UserView } from "@pointwise/core/presented";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { writeAuthHint } from "../storage/authHint";
import { flashAfterReload } from "../toasts/useNotify";
import { ApiError } from "./ApiError";
import { apiRequest } from "./apiRequest";
import { forgetCsrfToken } from "./csrfToken";
import { queryKeys } from "./queryKeys";

const FIVE_MINUTES = 5 * 60 * 1000;

async function fetchCurrentUser(): Promise<UserView | null> {
  try {
    const user = await apiRequest<UserView>("GET", "/api/auth/user");
    writeAuthHint("authenticated");
    return user;
  } catch (error) {
    // 401 means signed out; any other failure is treated as no user too (spec part 1 section 7).
    if (error instanceof ApiError) writeAuthHint("unauthenticated");
    return null;
  }
}

/**
 * The signed-in user, or null when signed out (a 401). Fresh for 5 minutes and re-checked every
 * 5 minutes, on window focus and on reconnect (spec part 1 section 4, "Authentication").
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    staleTime: FIVE_MINUTES,
    refetchInterval: (query) => (query.state.data ? FIVE_MINUTES : false),
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
}

/**
 * POST /api/login; on success stores the user, refreshes all data and sets the auth hint. The
 * CSRF token of the new sign-in session comes with the answer (a cached one is forgotten).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // linkedProvider: a pending provider link this sign-in proved (issue #13).
    mutationFn: (input: LoginInput) =>
      apiRequest<{ user: UserView; linkedProvider?: string }>("POST", "/api/login", { body: input }),
    onSuccess: async ({ user }) => {
      forgetCsrfToken();
      writeAuthHint("authenticated");
      queryClient.setQueryData(queryKeys.currentUser, user);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.currentUser[0] });
    },
  });
}

/** POST /api/register; like sign-in on success (spec part 1 section 4). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<{ user: UserView }>("POST", "/api/register", { body: input }),
    onSuccess: async ({ user }) => {
      forgetCsrfToken();
      writeAuthHint("authenticated");
      queryClient.setQueryData(queryKeys.currentUser, user);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.currentUser[0] });
    },
  });
}

/**
 * GET /api/logout with redirects left unfollowed (a 302 counts as success). Success or failure,
 * the user and all data are cleared locally and the hint set to unauthenticated.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await fetch("/api/logout", { credentials: "include", redirect: "manual" });
      } catch (error) {
        console.warn("Logout failed", error);
      }
    },
    onSettled: () => {
      forgetCsrfToken();
      writeAuthHint("unauthenticated");
      // Not clear(): mounted observers would keep the removed user query and its data.
      queryClient.setQueryData(queryKeys.currentUser, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.currentUser[0] });
    },
  });
}

/** PATCH /api/auth/user/profile {firstName, lastName, email}; stores the returned user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { firstName: string; lastName: string; email: string }) =>
      apiRequest<UserView>("PATCH", "/api/auth/user/profile", { body: input }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}

/**
 * POST /api/auth/change-password {currentPassword, newPassword} (issue #13 section 3; the same as
 * issue #11's /api/profile/password): this sign-in stays, the user's other sessions are signed
 * out. 400 VALIDATION_ERROR names the field.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      apiRequest<{ message: string; signedOutSessions: number }>("POST", "/api/auth/change-password", {
        body: input,
      }),
  });
}

/** POST /api/auth/forgot-password {email}: 202 `{message}` whatever the address (issue #13). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest<{ message: string; emailSent: boolean }>("POST", "/api/auth/forgot-password", { body: input }),
  });
}

/** POST /api/auth/reset-password {token, password}: 200, or 400 INVALID_TOKEN / VALIDATION_ERROR (issue #13). */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest<{ message: string }>("POST", "/api/auth/reset-password", { body: input }),
  });
}

/**
 * POST /api/auth/logout-all: every session of the user ends, this one too (issue #13 section 2).
 * On success the browser loads `/login` afresh: no screen, query or socket of the signed-out user
 * survives; the server's message comes back as a "Signed out" toast after the load. Forgetting the user in place instead raced the navigation: the signed-in screen saw
 * the user gone before the router (its navigations are transitions) had left it, and sent the
 * browser on to /error/403 (RequireUser).
 */
export function useLogoutAll() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; signedOutSessions: number }>("POST", "/api/auth/logout-all", { body: {} }),
    onSuccess: ({ message }) => {
      writeAuthHint("unauthenticated");
      flashAfterReload("Signed out", message);
      window.location.assign("/login");
    },
  });
}

/**
 * DELETE /api/account {confirmEmail}: the account and its personal data go (issue #13 section 2).
 * On success the browser loads `/` afresh (see useLogoutAll), with an "Account deleted" toast.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmEmail: string) =>
      apiRequest<{ message: string }>("DELETE", "/api/account", { body: { confirmEmail } }),
    onSuccess: ({ message }) => {
      writeAuthHint("unauthenticated");
      flashAfterReload("Account deleted", message);
      window.location.assign("/");
    },
  });
}
