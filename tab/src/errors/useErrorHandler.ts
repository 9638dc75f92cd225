import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useNotify } from "../toasts/useNotify";
import { describeApiError } from "./describeApiError";

/**
 * Returns `handle(error, fallback?)`: shows the catalogue's toast ('Server Error' or 'Error')
 * and follows its redirect (spec part 1 section 8). `fallback` replaces a generic message.
 */
export function useErrorHandler() {
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown, fallback?: string) => {
      const { title, message, redirectTo } = describeApiError(error);
      const generic = message.startsWith("An unexpected error occurred");
      notify(title, generic && fallback ? fallback : message, "error");
      if (redirectTo) navigate(redirectTo);
    },
    [navigate, notify],
  );
}
