import { Link, MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import type { SessionSlotRefusal } from "@pointwise/core/plans";
import { useNavigate } from "react-router";

/**
 * Inside Create Session, when the server refused it after all (the status was not loaded yet, or
 * another tab created a session meanwhile; issue #22): the spec's limit words, and that what was
 * typed is kept. The link closes the form (its draft is saved) and opens the plans or billing.
 */
export function CreateSessionRefusal({ refusal, onLeave }: { refusal: SessionSlotRefusal; onLeave: () => void }) {
  const navigate = useNavigate();
  const go = (to: string) => () => {
    onLeave();
    navigate(to);
  };
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="session-refused">
      <MessageBarBody>
        {refusal.reason === "limit" ? (
          <>
            <MessageBarTitle>Session limit reached</MessageBarTitle>
            You've used {refusal.owned} out of your {refusal.limit} allowed sessions. Upgrade your plan or delete
            sessions to continue: what you typed here is kept.{" "}
            <Link onClick={go("/settings")} data-testid="session-refused-upgrade">
              Upgrade
            </Link>
          </>
        ) : (
          <>
            <MessageBarTitle>Subscription not active</MessageBarTitle>
            Your subscription is not active. Please update your payment method: what you typed here is kept.{" "}
            <Link onClick={go("/settings/billing")}>Update payment</Link>
          </>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
