import { Button } from "@fluentui/react-components";
import { Archive24Regular, Delete24Regular } from "@fluentui/react-icons";
import { useNavigate } from "react-router";
import { EmptyState } from "../common/EmptyState";

/**
 * What people in a session see the moment it is archived or deleted (issue #8 section 5),
 * instead of a permission error on their next click: "This session was archived" (or
 * deleted) and a way back: the dashboard for a signed-in user, the home page for a guest.
 */
export function SessionGoneScreen({ kind, signedIn }: { kind: "archived" | "deleted"; signedIn: boolean }) {
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={kind === "archived" ? <Archive24Regular /> : <Delete24Regular />}
      title={kind === "archived" ? "This session was archived" : "This session was deleted"}
      message={
        kind === "archived"
          ? "The session leader archived this session, so voting has ended."
          : "The session leader deleted this session with its stories and votes."
      }
      testId={`session-${kind}`}
      action={
        <Button appearance="primary" onClick={() => navigate("/")} data-testid="session-gone-back">
          {signedIn ? "Go to Dashboard" : "Go to Home Page"}
        </Button>
      }
    />
  );
}
