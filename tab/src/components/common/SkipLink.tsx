import { makeStyles, tokens } from "@fluentui/react-components";
import type { MouseEvent } from "react";

/** The id of every screen's main landmark, the skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

const useStyles = makeStyles({
  link: {
    position: "fixed",
    top: "8px",
    left: "8px",
    zIndex: 1000000,
    padding: "8px 16px",
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    boxShadow: tokens.shadow16,
    // Off screen until it has the keyboard focus.
    transform: "translateY(-200%)",
    ":focus": { transform: "none", outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
});

/** The main landmark of the page: the element with MAIN_CONTENT_ID, else the first <main>. */
function mainLandmark(): HTMLElement | null {
  return document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector("main");
}

/**
 * "Skip to main content" (issue #8 section 6, accessibility; WCAG 2.4.1): the first focusable
 * element of every page, visible only on focus; moves the focus to the main landmark.
 */
export function SkipLink() {
  const styles = useStyles();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = mainLandmark();
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
    main.focus();
    main.scrollIntoView?.({ block: "start" });
  };
  return (
    <a className={styles.link} href={`#${MAIN_CONTENT_ID}`} onClick={onClick} data-testid="skip-link">
      Skip to main content
    </a>
  );
}
