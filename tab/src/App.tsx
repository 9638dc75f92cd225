import { Toaster } from "@fluentui/react-components";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { createQueryClient } from "./api/queryClient";
import { LiveAnnouncerProvider } from "./components/common/LiveAnnouncer";
import { SkipLink } from "./components/common/SkipLink";
import { RoutedErrorBoundary } from "./components/errors/RoutedErrorBoundary";
import { TeamsFrameRedirect } from "./components/teamsTab/TeamsFrameRedirect";
import { TeamsHostGate } from "./components/teamsTab/TeamsHostGate";
import { HostThemeProvider } from "./theme/HostThemeProvider";
import { FlashToast, TOASTER_ID } from "./toasts/useNotify";

/**
 * The whole app: query cache, host detection (website or Microsoft Teams), theme, the live
 * region and skip link (issue #8 section 6), toaster, and the routes inside the generic
 * "Something went wrong" error boundary. One build serves the website, any iframe, and the Teams tab, side panel and stage.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TeamsHostGate>
        <HostThemeProvider>
          <LiveAnnouncerProvider>
            <SkipLink />
            <BrowserRouter>
              <TeamsFrameRedirect />
              <RoutedErrorBoundary>
                <AppRoutes />
              </RoutedErrorBoundary>
            </BrowserRouter>
            <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover limit={1} timeout={5000} />
            <FlashToast />
          </LiveAnnouncerProvider>
        </HostThemeProvider>
      </TeamsHostGate>
    </QueryClientProvider>
  );
}
