import { Card, makeStyles, Text, Title2, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { MAIN_CONTENT_ID } from "../common/SkipLink";

const useStyles = makeStyles({
  page: {
    minHeight: "100vh",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    padding: "24px",
    boxSizing: "border-box",
    backgroundColor: tokens.colorNeutralBackground2,
    "@media (max-width: 480px)": { padding: "12px" },
  },
  card: {
    width: "100%",
    maxWidth: "420px",
    padding: "28px",
    gap: "16px",
    minWidth: 0,
    overflowWrap: "anywhere",
    "@media (max-width: 480px)": { padding: "20px 16px" },
  },
  head: { display: "flex", flexDirection: "column", gap: "4px", alignItems: "center", textAlign: "center" },
});

/** The centred card around the sign-in, registration and join forms. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.head}>
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <Title2 as="h1">{title}</Title2>
          {subtitle ? <Text>{subtitle}</Text> : null}
        </div>
        {children}
      </Card>
    </main>
  );
}
