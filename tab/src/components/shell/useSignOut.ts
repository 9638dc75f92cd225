import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useLogout } from "../../api/authQueries";
import { useNotify } from "../../toasts/useNotify";

/** Signs out through /api/logout, toasts 'Logged out' and returns to / (spec part 1 section 4). */
export function useSignOut(): () => void {
  const logout = useLogout();
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(() => {
    logout.mutate(undefined, {
      onSettled: () => {
        notify("Logged out", "You have been successfully logged out.");
        navigate("/");
      },
    });
  }, [logout, navigate, notify]);
}
