import { Button, Card, makeStyles, Spinner, Text, Title1, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { Link } from "react-router";
import { useHotReloadTest } from "../../api/hotReloadQueries";
import { MAIN_CONTENT_ID } from "../common/SkipLink";
import { usePageTitle } from "../common/usePageTitle";

const useStyles = makeStyles({
  page: { minHeight: "100vh", padding: "32px 16px", backgroundColor: tokens.colorNeutralBackground2 },
  card: { maxWidth: "560px", margin: "0 auto", padding: "32px", gap: "12px" },
  facts: { display: "grid", gridTemplateColumns: "auto 1fr", gap: "4px 16px", margin: 0 },
  row: { display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * /hot-reload-demo (spec part 2 section 2, a developer demo page): a local counter, whose value
 * survives a hot module reload of this file in development, and the answer of
 * GET /api/hot-reload-test (status, timestamp, environment; section 7), fetched again on demand.
 */
export function HotReloadDemoPage() {
  const styles = useStyles();
  usePageTitle("Hot Reload Demo");
  const [count, setCount] = useState(0);
  const test = useHotReloadTest();
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.page}>
      <Card className={styles.card}>
        <Title1 as="h1">Hot Reload Demo</Title1>
        <Text className={styles.muted}>
          Edit this page while the development server runs: the counter keeps its value across the reload.
        </Text>
        <div className={styles.row}>
          <Button onClick={() => setCount((c) => c + 1)}>Count: {count}</Button>
          <Button appearance="primary" onClick={() => void test.refetch()} disabled={test.isFetching}>
            Call the server
          </Button>
        </div>
        {test.isPending ? <Spinner size="tiny" label="Calling /api/hot-reload-test..." /> : null}
        {test.isError ? <Text role="alert">The server did not answer: {test.error.message}</Text> : null}
        {test.data ? (
          <dl className={styles.facts} data-testid="hot-reload-answer">
            <dt>Status</dt>
            <dd>{test.data.status}</dd>
            <dt>Timestamp</dt>
            <dd>{new Date(test.data.timestamp).toLocaleString()}</dd>
            <dt>Environment</dt>
            <dd>{test.data.environment}</dd>
          </dl>
        ) : null}
        <Link to="/">Back to Pointwise</Link>
      </Card>
    </main>
  );
}
