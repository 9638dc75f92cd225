import { Link } from "@fluentui/react-components";
import type { MouseEvent, ReactNode } from "react";
import { useHref, useNavigate } from "react-router";

/**
 * An in-app link with Fluent's link look: one `<a href>` (one tab stop; a Fluent link around a
 * router link was two, and axe's `nested-interactive`), navigated by the router without a
 * reload. Clicks with a modifier key or another button (new tab, new window) stay the browser's.
 */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Link href={href} inline onClick={onClick}>
      {children}
    </Link>
  );
}
