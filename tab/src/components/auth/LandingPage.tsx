import { Button, Card, makeStyles, Text, Title1, Title3, tokens } from "@fluentui/react-components";
import {
  BrainCircuit24Regular,
  ChatMultiple24Regular,
  People24Regular,
  TicketDiagonal24Regular,
} from "@fluentui/react-icons";
import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { MAIN_CONTENT_ID } from "../common/SkipLink";
import { usePageTitle } from "../common/usePageTitle";

const useStyles = makeStyles({
  page: {
    minHeight: "100vh",
    display: "flex",
    flexDirection: "column",
    backgroundColor: tokens.colorNeutralBackground2,
  },
  header: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: "12px",
    padding: "16px 24px",
    "@media (max-width: 480px)": { padding: "12px 16px" },
  },
  logo: { display: "flex", alignItems: "center", gap: "8px", fontWeight: 700, fontSize: tokens.fontSizeBase500 },
  hero: {
    textAlign: "center",
    padding: "64px 24px 40px",
    overflowWrap: "anywhere",
    "@media (max-width: 480px)": { padding: "40px 16px 32px" },
    maxWidth: "760px",
    margin: "0 auto",
    display: "flex",
    flexDirection: "column",
    gap: "12px",
  },
  actions: { display: "flex", gap: "12px", justifyContent: "center", marginTop: "24px", flexWrap: "wrap" },
  features: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
    gap: "16px",
    padding: "0 24px",
    boxSizing: "border-box",
    "@media (max-width: 480px)": { padding: "0 16px", gridTemplateColumns: "minmax(0, 1fr)" },
    maxWidth: "1100px",
    margin: "0 auto",
    width: "100%",
  },
  icon: { color: tokens.colorBrandForeground1, fontSize: "28px" },
  cta: { textAlign: "center", padding: "56px 24px" },
  main: { display: "flex", flexDirection: "column" },
  footer: {
    marginTop: "auto",
    display: "flex",
    gap: "16px",
    flexWrap: "wrap",
    justifyContent: "center",
    padding: "20px",
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
  },
});

const FEATURES = [
  {
    icon: <People24Regular />,
    title: "Real-time collaboration",
    text: "Vote together with live updates and synchronized notepads.",
  },
  {
    icon: <BrainCircuit24Regular />,
    title: "AI insights",
    text: "Recommendations and automated action items from PointBot.",
  },
  {
    icon: <TicketDiagonal24Regular />,
    title: "Jira integration",
    text: "Create Jira tickets from your estimated stories.",
  },
  {
    icon: <ChatMultiple24Regular />,
    title: "Teams distribution",
    text: "Share formatted summaries to your Teams channels.",
  },
];

const signIn = () => window.location.assign("/api/login");

/**
 * The signed-out landing page at / (spec part 1 section 2). "Get Started Free" and "Start Free
 * Today" lead to registration at /register (issue #8 section 6); Sign In to /api/login.
 */
export function LandingPage() {
  const styles = useStyles();
  usePageTitle("Planning poker for agile teams");
  const navigate = useNavigate();
  const toRegister = (event: MouseEvent) => {
    event.preventDefault();
    navigate("/register");
  };
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <span className={styles.logo}>
          <img src="/favicon.svg" alt="" width={24} height={24} /> Pointwise
        </span>
        <Button appearance="primary" onClick={signIn}>
          Sign In
        </Button>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
        <section className={styles.hero}>
          <Title1 as="h1">AI-Powered Story Pointing for Agile Teams</Title1>
          <Text as="p" size={400} align="center">
            Estimate stories together in real time, right where your team meets.
          </Text>
          <div className={styles.actions}>
            <Button appearance="primary" size="large" as="a" href="/register" onClick={toRegister}>
              Get Started Free
            </Button>
            <Button size="large" as="a" href="#features">
              Learn More
            </Button>
          </div>
        </section>
        <section id="features" className={styles.features}>
          {FEATURES.map((f) => (
            <Card key={f.title}>
              <span className={styles.icon}>{f.icon}</span>
              <Title3 as="h2">{f.title}</Title3>
              <Text>{f.text}</Text>
            </Card>
          ))}
        </section>
        <section className={styles.cta}>
          <Button appearance="primary" size="large" as="a" href="/register" onClick={toRegister}>
            Start Free Today
          </Button>
        </section>
      </main>
      <footer className={styles.footer}>
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/terms">Terms</Link>
        <Link to="/cookies">Cookies</Link>
        <a href="mailto:support@pointwise.app">support@pointwise.app</a>
        <span>© 2025 Pointwise</span>
      </footer>
    </div>
  );
}
