import { useCurrentUser } from "../../api/authQueries";
import { DashboardPage } from "../dashboard/DashboardPage";
import { AppShell } from "../shell/AppShell";
import { AuthLoading } from "./AuthLoading";
import { LandingPage } from "./LandingPage";

/** "/": the landing page for signed-out visitors, the dashboard for signed-in users. */
export function HomeRoute() {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) return <AuthLoading />;
  if (!user) return <LandingPage />;
  return (
    <AppShell>
      <DashboardPage />
    </AppShell>
  );
}
