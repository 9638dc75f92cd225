import { Switch } from "@fluentui/react-components";
import type { SessionView } from "@pointwise/core/presented";
import { useUpdateSession } from "../../api/sessionMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";

/** The setting's label (issue #8 section 2), the same in the dialogs and on the session screen. */
export const AUTO_REVEAL_LABEL = "Reveal automatically when everyone has voted";

/**
 * The leader's auto-reveal toggle on the session screen (issue #8 section 2): PATCH
 * /api/sessions/{id} {autoReveal}; everyone gets the change as `session_updated`.
 */
export function AutoRevealSwitch({ session }: { session: SessionView }) {
  const update = useUpdateSession(session.id);
  const handleError = useErrorHandler();
  const checked = update.isPending ? (update.variables?.autoReveal ?? session.autoReveal) : session.autoReveal;
  return (
    <Switch
      label={AUTO_REVEAL_LABEL}
      checked={checked}
      disabled={update.isPending}
      onChange={(_e, d) =>
        update.mutate(
          // Only autoReveal changes; the other fields stay as they are.
          { description: undefined, teamId: undefined, jiraProjectKey: undefined, autoReveal: d.checked },
          { onError: (error) => handleError(error) },
        )
      }
      data-testid="auto-reveal-switch"
    />
  );
}
