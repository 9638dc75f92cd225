import { useEffect } from "react";

/** The product name every document title ends with. */
export const APP_NAME = "Pointwise";

/**
 * Sets the document title of a screen (issue #8 section 6, accessibility): "Dashboard ·
 * Pointwise"; `undefined` (e.g. still loading) leaves the title as it is; null sets just "Pointwise".
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
