import { Button } from "@fluentui/react-components";
import { Add20Regular, Board24Regular } from "@fluentui/react-icons";
import { EmptyState } from "../common/EmptyState";

/** The dashboard's empty state: 'No sessions yet' and 'Create Your First Session'. */
export function EmptySessions({ onCreate }: { onCreate: () => void }) {
  return (
    <EmptyState
      icon={<Board24Regular />}
      title="No sessions yet"
      message="Create a session, add stories and estimate them together with your team."
      action={
        <Button appearance="primary" icon={<Add20Regular />} onClick={onCreate}>
          Create Your First Session
        </Button>
      }
    />
  );
}
