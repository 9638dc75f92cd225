import { Spinner } from "@fluentui/react-components";
import { ErrorCircle24Regular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { describeApiError } from "../../errors/describeApiError";
import type { TeamsHost } from "../../teamsHost/teamsHost";
import { EmptyState } from "../common/EmptyState";
import { useMeetingMembership } from "./useMeetingMembership";

/** Shows `children` once the meeting attendee is a member of the session (joining them if needed). */
export function MeetingSessionGate({
  sessionId,
  host,
  children,
}: {
  sessionId: string;
  host: TeamsHost;
  children: ReactNode;
}) {
  const membership = useMeetingMembership(sessionId, host);
  if (membership.status === "failed") {
    return (
      <EmptyState
        icon={<ErrorCircle24Regular />}
        title="Could not open the session"
        message={describeApiError(membership.error).message}
        testId="teams-join-failed"
      />
    );
  }
  if (membership.status === "joining") return <Spinner label="Joining the session..." />;
  return <>{children}</>;
}
