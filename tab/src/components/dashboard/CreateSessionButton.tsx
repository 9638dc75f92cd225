import { Button, type ButtonProps } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import type { SessionSlotRefusal } from "@pointwise/core/plans";
import { SessionLimitNotice } from "../sessions/SessionLimitNotice";

/**
 * A Create Session button that, when no session can be created (useSessionSlot: issue #11
 * section 2, 3 of 3 on free), shows the limit and an Upgrade link to /settings instead of opening
 * a form that would fail.
 */
export function CreateSessionButton({
  refusal,
  onCreate,
  label,
  appearance,
  testId,
}: {
  refusal: SessionSlotRefusal | null;
  onCreate: () => void;
  label: string;
  appearance?: ButtonProps["appearance"];
  testId?: string;
}) {
  if (refusal) return <SessionLimitNotice refusal={refusal} testId={testId ? `${testId}-limit` : undefined} />;
  return (
    <Button appearance={appearance} icon={<Add20Regular />} onClick={onCreate} data-testid={testId}>
      {label}
    </Button>
  );
}
