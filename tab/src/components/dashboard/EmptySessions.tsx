import { Button } from "@fluentui/react-components";
import { Add20Regular, Board24Regular } from "@fluentui/react-icons";
import type { SessionSlotRefusal } from "@pointwise/core/plans";
import { EmptyState } from "../common/EmptyState";
import { SessionLimitNotice } from "../sessions/SessionLimitNotice";

/**
 * The dashboard's empty state: 'No sessions yet' and 'Create Your First Session', or the limit
 * when no session can be created (archived sessions still count towards it; issue #22).
 */
export function EmptySessions({ refusal, onCreate }: { refusal: SessionSlotRefusal | null; onCreate: () => void }) {
  return (
    <EmptyState
      icon={<Board24Regular />}
      title="No sessions yet"
      message="Create a session, add stories and estimate them together with your team."
      action={
        refusal ? (
          <SessionLimitNotice refusal={refusal} testId="empty-sessions-limit" />
        ) : (
          <Button appearance="primary" icon={<Add20Regular />} onClick={onCreate}>
            Create Your First Session
          </Button>
        )
      }
    />
  );
}
