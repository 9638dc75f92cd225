import { DrawerBody, makeStyles, OverlayDrawer } from "@fluentui/react-components";
import type { MouseEvent } from "react";
import { Sidebar } from "./Sidebar";

const useStyles = makeStyles({
  drawer: { width: "18rem", maxWidth: "100vw" },
  body: { padding: 0, display: "flex", flexDirection: "column" },
});

/**
 * The sidebar as an overlay drawer below 768 px (18 rem, spec part 1 section 2; issue #8
 * section 6). Escape and a click on the backdrop close it (Fluent's OverlayDrawer), and so
 * does a click on any link inside, even one to the page already shown. Loaded on demand the
 * first time it opens, so no first load pays for it.
 */
export function PhoneDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const styles = useStyles();
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) onOpenChange(false);
  };
  return (
    <OverlayDrawer
      open={open}
      onOpenChange={(_e, data) => onOpenChange(data.open)}
      position="start"
      className={styles.drawer}
      aria-label="Navigation menu"
      data-testid="nav-drawer"
    >
      <DrawerBody className={styles.body} onClickCapture={closeOnLink}>
        <Sidebar open variant="drawer" />
      </DrawerBody>
    </OverlayDrawer>
  );
}
