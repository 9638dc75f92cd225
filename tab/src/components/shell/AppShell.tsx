import { makeStyles, tokens } from "@fluentui/react-components";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { MAIN_CONTENT_ID } from "../common/SkipLink";
import { Sidebar } from "./Sidebar";
import { readSidebarOpen, writeSidebarOpen } from "./sidebarState";
import { TopBar } from "./TopBar";

const useStyles = makeStyles({
  root: { display: "flex", minHeight: "100vh", backgroundColor: tokens.colorNeutralBackground2 },
  main: { flex: 1, minWidth: 0, display: "flex", flexDirection: "column" },
  content: { flex: 1, padding: "20px 24px", maxWidth: "1280px", width: "100%", margin: "0 auto" },
});

/**
 * The signed-in (and guest) chrome: collapsible sidebar, top bar, content. Ctrl/Cmd+B toggles
 * the sidebar (spec part 1 section 2, "Shell for signed-in screens").
 */
export function AppShell({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const [open, setOpen] = useState(readSidebarOpen);

  const toggle = useCallback(() => {
    setOpen((was) => {
      writeSidebarOpen(!was);
      return !was;
    });
  }, []);

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

  return (
    <div className={styles.root}>
      <Sidebar open={open} />
      <div className={styles.main}>
        <TopBar sidebarOpen={open} onToggleSidebar={toggle} />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.content}>
          {children}
        </main>
      </div>
    </div>
  );
}
