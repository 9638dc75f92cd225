import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { AppErrorBoundary } from "./AppErrorBoundary";

/** AppErrorBoundary reset by navigation: a new path shows the new page again. */
export function RoutedErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <AppErrorBoundary resetKey={pathname}>{children}</AppErrorBoundary>;
}
