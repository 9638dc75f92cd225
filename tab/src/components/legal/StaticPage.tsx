import { Card, makeStyles, Text, Title1, tokens } from "@fluentui/react-components";
import { Link } from "react-router";
import { MAIN_CONTENT_ID } from "../common/SkipLink";
import { usePageTitle } from "../common/usePageTitle";

const useStyles = makeStyles({
  page: { minHeight: "100vh", padding: "32px 16px", backgroundColor: tokens.colorNeutralBackground2 },
  card: { maxWidth: "760px", margin: "0 auto", padding: "32px", gap: "12px" },
});

const PAGES = {
  privacy: {
    title: "Privacy Policy",
    paragraphs: [
      "Pointwise stores the data you enter to run planning sessions: your account, sessions, stories and votes.",
      "Anonymous participant data is kept for 30 days after a session ends. Billing data is kept for 7 years and logs for 12 months.",
      "You may ask us to delete your data at any time; deletion happens within 30 days.",
    ],
  },
  terms: {
    title: "Terms of Service",
    paragraphs: ["By using Pointwise you agree to use it lawfully and to respect the other members of your sessions."],
  },
  cookies: {
    title: "Cookie Policy",
    paragraphs: [
      "Pointwise uses cookies only to keep you signed in, protect forms against cross-site requests and remember the sidebar state.",
    ],
  },
} as const;

/** The static legal pages: /privacy-policy, /terms, /cookies. */
export function StaticPage({ kind }: { kind: keyof typeof PAGES }) {
  const styles = useStyles();
  const page = PAGES[kind];
  usePageTitle(page.title);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.page}>
      <Card className={styles.card}>
        <Title1 as="h1">{page.title}</Title1>
        {page.paragraphs.map((p) => (
          <Text as="p" key={p}>
            {p}
          </Text>
        ))}
        <Link to="/">Back to Pointwise</Link>
      </Card>
    </main>
  );
}
