import { Button, Card, makeStyles, Text, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  card: { margin: "4px 2px", padding: "12px", gap: "8px", backgroundColor: tokens.colorBrandBackground2 },
});

/** The guests' register prompt in the sidebar (spec part 1 section 1 and 2). */
export function GuestAccountCard() {
  const styles = useStyles();
  return (
    <Card className={styles.card} appearance="filled-alternative">
      <Text weight="semibold">Create Account</Text>
      <Text size={200}>Sign up to create sessions, manage teams and access AI insights.</Text>
      <Button appearance="primary" size="small" onClick={() => window.location.assign("/api/login")}>
        Register
      </Button>
    </Card>
  );
}
