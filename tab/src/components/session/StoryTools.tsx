import { Button, Card, makeStyles, Text } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import type { SessionView } from "@pointwise/core/presented";
import { useState } from "react";
import { AddStoryDialog } from "./AddStoryDialog";
import { CsvImport } from "./CsvImport";

const useStyles = makeStyles({
  card: { padding: "16px", gap: "10px" },
  row: { display: "flex", gap: "8px", flexWrap: "wrap" },
});

/** The leader's story tools: Add New Story and Import CSV. */
export function StoryTools({ session }: { session: SessionView }) {
  const styles = useStyles();
  const [adding, setAdding] = useState(false);
  return (
    <Card className={styles.card}>
      <Text weight="semibold">Stories</Text>
      <div className={styles.row}>
        <Button
          appearance="primary"
          icon={<Add20Regular />}
          onClick={() => setAdding(true)}
          data-testid="add-story-button"
        >
          Add Story
        </Button>
      </div>
      <CsvImport sessionId={session.id} />
      {adding ? <AddStoryDialog session={session} open onOpenChange={setAdding} /> : null}
    </Card>
  );
}
