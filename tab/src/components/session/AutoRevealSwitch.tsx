import { Switch } from "@fluentui/react-components";
import type { SessionView } from "@pointwise/core/presented";
import { useState } from "react";
import { useUpdateSession } from "../../api/sessionMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";

/** The setting's label (issue #8 section 2), the same in the dialogs and on the session screen. */
export const AUTO_REVEAL_LABEL = "Reveal automatically when everyone has voted";

/**
 * The leader's auto-reveal toggle on the session screen (issue #8 section 2): PATCH
 * /api/sessions/{id} {autoReveal}; everyone gets the change as `session_updated`. The switch
 * shows the value asked for from the click itself until the answer: the mutation's pending
 * state reaches React a tick later, and React puts a controlled input back to its value
 * meanwhile, so the switch flickered back for a moment (and a browser test caught it unchanged).
 */
export function AutoRevealSwitch({ session }: { session: SessionView }) {
  const update = useUpdateSession(session.id);
  const handleError = useErrorHandler();
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <Switch
      label={AUTO_REVEAL_LABEL}
      checked={asked ?? session.autoReveal}
      disabled={update.isPending}
      onChange={(_e, d) => {
        setAsked(d.checked);
        update.mutate(
          // Only autoReveal changes; the other fields stay as they are.
          { description: undefined, teamId: undefined, jiraProjectKey: undefined, autoReveal: d.checked },
          { onError: (error) => handleError(error), onSettled: () => setAsked(null) },
        );
      }}
      data-testid="auto-reveal-switch"
    />
  );
}
