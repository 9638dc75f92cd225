import { Button, Card, makeStyles, Text, Title1, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { MAIN_CONTENT_ID } from "../common/SkipLink";
import { usePageTitle } from "../common/usePageTitle";

const useStyles = makeStyles({
  page: {
    minHeight: "100vh",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    padding: "24px",
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: { maxWidth: "520px", width: "100%", padding: "32px", gap: "12px", textAlign: "center", alignItems: "center" },
  code: { fontSize: "48px", fontWeight: 700, color: tokens.colorBrandForeground1 },
  actions: { display: "flex", gap: "8px", flexWrap: "wrap", justifyContent: "center", marginTop: "8px" },
  support: { color: tokens.colorNeutralForeground3 },
});

/** Props of ErrorLayout; `buttons` picks from the spec's Go to Dashboard, Try Again, Go Back. */
export interface ErrorLayoutProps {
  code?: string;
  title: string;
  message: string;
  buttons?: ("dashboard" | "retry" | "back")[];
  extra?: ReactNode;
  support?: string;
}

/** The shared layout of the error pages (spec part 2 section 2, "Error pages"). */
export function ErrorLayout({
  code,
  title,
  message,
  buttons = ["dashboard", "back"],
  extra,
  support,
}: ErrorLayoutProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  usePageTitle(title);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.page}>
      <Card className={styles.card}>
        {code ? <span className={styles.code}>{code}</span> : null}
        <Title1 as="h1">{title}</Title1>
        <Text>{message}</Text>
        {extra}
        <div className={styles.actions}>
          {buttons.includes("dashboard") ? (
            <Button appearance="primary" onClick={() => navigate("/")}>
              Go to Dashboard
            </Button>
          ) : null}
          {buttons.includes("retry") ? <Button onClick={() => window.location.reload()}>Try Again</Button> : null}
          {buttons.includes("back") ? <Button onClick={() => navigate(-1)}>Go Back</Button> : null}
        </div>
        <Text size={200} className={styles.support}>
          Need help? Contact{" "}
          <a href={`mailto:${support ?? "support@pointwise.app"}`}>{support ?? "support@pointwise.app"}</a>
        </Text>
      </Card>
    </main>
  );
}
