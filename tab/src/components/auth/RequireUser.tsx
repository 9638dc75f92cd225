import type { ReactNode } from "react";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useCurrentUser } from "../../api/authQueries";
import { useNotify } from "../../toasts/useNotify";
import { AppShell } from "../shell/AppShell";
import { AuthLoading } from "./AuthLoading";

function LoggedOutRedirect() {
  const notify = useNotify();
  useEffect(() => {
    notify("Unauthorized", "You are logged out. Logging in again...", "error");
    const timer = setTimeout(() => window.location.assign("/api/login"), 500);
    return () => clearTimeout(timer);
  }, [notify]);
  return <AuthLoading />;
}

/**
 * Renders `children` in the app shell for a signed-in user. Signed out: "forbidden" goes to
 * /error/403 (dashboard), "login-toast" toasts 'Unauthorized' and sends the browser to
 * /api/login after 500 ms (archive, team sessions; spec part 1 section 2).
 */
export function RequireUser({ signedOut, children }: { signedOut: "forbidden" | "login-toast"; children: ReactNode }) {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) return <AuthLoading />;
  if (!user) return signedOut === "forbidden" ? <Navigate to="/error/403" replace /> : <LoggedOutRedirect />;
  return <AppShell>{children}</AppShell>;
}
