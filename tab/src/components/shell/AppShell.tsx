import { makeStyles, tokens } from "@fluentui/react-components";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { MAIN_CONTENT_ID } from "../common/SkipLink";
import { Sidebar } from "./Sidebar";
import { readSidebarOpen, writeSidebarOpen } from "./sidebarState";
import { TopBar } from "./TopBar";
import { useNarrowScreen } from "./useNarrowScreen";

// Only phones open the drawer, and only on a tap of the menu button: its code loads then.
const PhoneDrawer = lazy(() => import("./PhoneDrawer").then((m) => ({ default: m.PhoneDrawer })));

const useStyles = makeStyles({
  root: { display: "flex", minHeight: "100vh", backgroundColor: tokens.colorNeutralBackground2 },
  main: { flex: 1, minWidth: 0, display: "flex", flexDirection: "column" },
  content: {
    flex: 1,
    minWidth: 0,
    padding: "20px 24px",
    maxWidth: "1280px",
    width: "100%",
    margin: "0 auto",
    boxSizing: "border-box",
    "@media (max-width: 767.98px)": { padding: "12px" },
  },
});

/**
 * The signed-in (and guest) chrome: collapsible sidebar, top bar, content. Ctrl/Cmd+B toggles
 * the sidebar (spec part 1 section 2, "Shell for signed-in screens"). Below 768 px the sidebar
 * is an overlay drawer 18 rem wide, opened by the top bar's menu button and closed by
 * navigation, Escape or a click on the backdrop (issue #8 section 6).
 */
export function AppShell({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(readSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads the first time it opens (it is not part of any first load).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const location = useLocation();

  const toggle = useCallback(() => {
    if (narrow) {
      setDrawerWanted(true);
      setDrawerOpen((was) => !was);
      return;
    }
    setOpen((was) => {
      writeSidebarOpen(!was);
      return !was;
    });
  }, [narrow]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "b") {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  // Any navigation closes the drawer (a link, the user menu's Settings, a new session).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname, location.search]);
  useEffect(() => {
    if (!narrow) setDrawerOpen(false);
  }, [narrow]);

  return (
    <div className={styles.root}>
      {narrow ? (
        drawerWanted ? (
          <Suspense fallback={null}>
            <PhoneDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
          </Suspense>
        ) : null
      ) : (
        <Sidebar open={open} />
      )}
      <div className={styles.main}>
        <TopBar sidebarOpen={narrow ? drawerOpen : open} onToggleSidebar={toggle} narrow={narrow} />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.content}>
          {children}
        </main>
      </div>
    </div>
  );
}
