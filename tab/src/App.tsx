import { Toaster } from "@fluentui/react-components";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { createQueryClient } from "./api/queryClient";
import { AppThemeProvider } from "./theme/AppThemeProvider";
import { TOASTER_ID } from "./toasts/useNotify";

/** The whole app: query cache, theme, toaster and routes. Works top-level and inside an iframe. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover limit={1} timeout={5000} />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
