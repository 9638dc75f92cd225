import { Spinner } from "@fluentui/react-components";
import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { RequireUser } from "./components/auth/RequireUser";
import { ErrorPage } from "./components/errors/ErrorPage";
import { NotFoundPage } from "./components/errors/NotFoundPage";
import { SessionErrorPage } from "./components/errors/SessionErrorPage";
import { SubscriptionErrorPage } from "./components/errors/SubscriptionErrorPage";
import { StaticPage } from "./components/legal/StaticPage";
import { AppShell } from "./components/shell/AppShell";

// Every screen loads on demand, so a first visit downloads only the shell and its own screen
// (issue #6 part 4: the session page's first load within 300 kB of compressed JavaScript).
const HomeRoute = lazy(() => import("./components/auth/HomeRoute").then((m) => ({ default: m.HomeRoute })));
const LoginPage = lazy(() => import("./components/auth/LoginPage").then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import("./components/auth/RegisterPage").then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import("./components/auth/ForgotPasswordPage").then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import("./components/auth/ResetPasswordPage").then((m) => ({ default: m.ResetPasswordPage })),
);
const DashboardPage = lazy(() =>
  import("./components/dashboard/DashboardPage").then((m) => ({ default: m.DashboardPage })),
);
const JoinPage = lazy(() => import("./components/join/JoinPage").then((m) => ({ default: m.JoinPage })));
const ArchivedPage = lazy(() => import("./components/archive/ArchivedPage").then((m) => ({ default: m.ArchivedPage })));
const SessionPage = lazy(() => import("./components/session/SessionPage").then((m) => ({ default: m.SessionPage })));
const AutomationsPage = lazy(() =>
  import("./components/automations/AutomationsPage").then((m) => ({ default: m.AutomationsPage })),
);
const SettingsPage = lazy(() =>
  import("./components/settings/SettingsPage").then((m) => ({ default: m.SettingsPage })),
);
const TeamSessionsPage = lazy(() =>
  import("./components/teams/TeamSessionsPage").then((m) => ({ default: m.TeamSessionsPage })),
);
const TeamSettingsPage = lazy(() =>
  import("./components/teams/TeamSettingsPage").then((m) => ({ default: m.TeamSettingsPage })),
);
const TeamInvitationPage = lazy(() =>
  import("./components/teams/TeamInvitationPage").then((m) => ({ default: m.TeamInvitationPage })),
);
const HotReloadDemoPage = lazy(() =>
  import("./components/demo/HotReloadDemoPage").then((m) => ({ default: m.HotReloadDemoPage })),
);
const TeamsCardPreviewPage = lazy(() =>
  import("./components/teamsTab/TeamsCardPreviewPage").then((m) => ({ default: m.TeamsCardPreviewPage })),
);
const TeamsConfigPage = lazy(() =>
  import("./components/teamsTab/TeamsConfigPage").then((m) => ({ default: m.TeamsConfigPage })),
);
const TeamsSidePanelPage = lazy(() =>
  import("./components/teamsTab/TeamsSidePanelPage").then((m) => ({ default: m.TeamsSidePanelPage })),
);
const TeamsStagePage = lazy(() =>
  import("./components/teamsTab/TeamsStagePage").then((m) => ({ default: m.TeamsStagePage })),
);

/**
 * The route table (spec part 1 section 2 and part 2 section 2, and the Teams meeting views of
 * issue #3: side panel, stage, tab configuration, card preview); unknown paths show 'Page Not Found'.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner label="Loading..." style={{ marginTop: 64 }} />}>
      <Routes>
        <Route path="/" element={<HomeRoute />} />
        <Route
          path="/sessions"
          element={
            <RequireUser signedOut="forbidden">
              <DashboardPage />
            </RequireUser>
          }
        />
        <Route
          path="/archived"
          element={
            <RequireUser signedOut="login-toast">
              <ArchivedPage />
            </RequireUser>
          }
        />
        <Route
          path="/session/:id"
          element={
            <AppShell>
              <SessionPage />
            </AppShell>
          }
        />
        <Route path="/join/:sessionId" element={<JoinPage />} />
        <Route path="/invite/:token" element={<TeamInvitationPage />} />
        <Route path="/teams/sidepanel" element={<TeamsSidePanelPage />} />
        <Route path="/teams/stage" element={<TeamsStagePage />} />
        <Route path="/teams/config" element={<TeamsConfigPage />} />
        <Route path="/teams/card-preview" element={<TeamsCardPreviewPage />} />
        <Route
          path="/teams/:id/sessions"
          element={
            <RequireUser signedOut="login-toast">
              <TeamSessionsPage />
            </RequireUser>
          }
        />
        <Route
          path="/teams/:id/settings"
          element={
            <RequireUser signedOut="forbidden">
              <TeamSettingsPage />
            </RequireUser>
          }
        />
        <Route
          path="/automations"
          element={
            <RequireUser signedOut="forbidden">
              <AutomationsPage />
            </RequireUser>
          }
        />
        {["/settings", "/settings/billing"].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireUser signedOut="forbidden">
                <SettingsPage />
              </RequireUser>
            }
          />
        ))}
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/error/403" element={<ErrorPage kind="403" />} />
        <Route path="/error/404" element={<NotFoundPage />} />
        <Route path="/error/500" element={<ErrorPage kind="500" />} />
        <Route path="/error/network" element={<ErrorPage kind="network" />} />
        <Route path="/error/session" element={<SessionErrorPage />} />
        <Route path="/error/subscription" element={<SubscriptionErrorPage />} />
        <Route path="/subscription/cancel" element={<ErrorPage kind="cancelled" />} />
        <Route path="/hot-reload-demo" element={<HotReloadDemoPage />} />
        <Route path="/privacy-policy" element={<StaticPage kind="privacy" />} />
        <Route path="/terms" element={<StaticPage kind="terms" />} />
        <Route path="/cookies" element={<StaticPage kind="cookies" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
