import { Text } from "@fluentui/react-components";
import { useSearchParams } from "react-router";
import { ErrorLayout } from "./ErrorLayout";

const TEXTS: Record<string, { title: string; message: string }> = {
  session_not_found: { title: "Session Not Found", message: "This session does not exist or has been deleted." },
  session_locked: {
    title: "Session Locked",
    message: "This session is locked because the plan's session limit was reached.",
  },
  session_archived: { title: "Session Archived", message: "This session has been archived." },
  team_access_denied: { title: "Access Denied", message: "You don't have permission to access this team." },
};

/** /error/session?error=...&sessionId=... (spec part 2 section 2); default title Access Denied. */
export function SessionErrorPage() {
  const [params] = useSearchParams();
  const text = TEXTS[params.get("error") ?? ""] ?? {
    title: "Access Denied",
    message: "You don't have access to this session.",
  };
  const sessionId = params.get("sessionId");
  return (
    <ErrorLayout
      title={text.title}
      message={text.message}
      extra={sessionId ? <Text size={200}>Session: {sessionId}</Text> : null}
    />
  );
}
