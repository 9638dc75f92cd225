import { Badge } from "@fluentui/react-components";
import type { SessionView } from "@pointwise/core/presented";

/** The card's status pill: Locked, Live, In Progress or Completed (spec part 1 section 2). */
export function SessionStatusPill({ session }: { session: Pick<SessionView, "locked" | "status"> }) {
  if (session.locked) {
    return (
      <Badge appearance="tint" color="danger" shape="rounded">
        Locked
      </Badge>
    );
  }
  switch (session.status) {
    case "live":
      return (
        <Badge appearance="filled" color="danger" shape="rounded">
          Live
        </Badge>
      );
    case "in_progress":
      return (
        <Badge appearance="tint" color="informative" shape="rounded">
          In Progress
        </Badge>
      );
    default:
      return (
        <Badge appearance="tint" color="success" shape="rounded">
          Completed
        </Badge>
      );
  }
}
