import { makeStyles, Skeleton, SkeletonItem, Spinner, tokens } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { readAuthHint } from "../../storage/authHint";

const useStyles = makeStyles({
  center: { minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center" },
  shell: { display: "flex", minHeight: "100vh", backgroundColor: tokens.colorNeutralBackground2 },
  side: { width: "16rem", padding: "16px", display: "flex", flexDirection: "column", gap: "12px" },
  main: { flex: 1, padding: "24px", display: "flex", flexDirection: "column", gap: "16px" },
  stats: { display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: "16px" },
});

/**
 * What shows while the current user is being determined (spec part 1 section 2): the recent
 * auth hint picks a dashboard skeleton (authenticated) or a spinner naming the product.
 * The skeleton appears only after 100 ms.
 */
export function AuthLoading() {
  const styles = useStyles();
  const hint = readAuthHint();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 100);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  if (hint !== "authenticated") {
    return (
      <div className={styles.center}>
        <Spinner label={hint === "unauthenticated" ? "Loading Pointwise..." : undefined} />
      </div>
    );
  }
  return (
    <Skeleton className={styles.shell} aria-label="Loading dashboard">
      <div className={styles.side}>
        {[0, 1, 2, 3, 4].map((i) => (
          <SkeletonItem key={i} size={24} />
        ))}
      </div>
      <div className={styles.main}>
        <SkeletonItem size={40} />
        <div className={styles.stats}>
          {[0, 1, 2].map((i) => (
            <SkeletonItem key={i} style={{ height: 96 }} />
          ))}
        </div>
        {[0, 1, 2].map((i) => (
          <SkeletonItem key={i} style={{ height: 120 }} />
        ))}
      </div>
    </Skeleton>
  );
}
