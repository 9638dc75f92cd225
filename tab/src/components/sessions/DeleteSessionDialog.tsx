import type { SessionView } from "@pointwise/core/presented";
import { useDeleteSession } from "../../api/sessionMutations";
import { useNotify } from "../../toasts/useNotify";
import { ConfirmDialog } from "../common/ConfirmDialog";

/**
 * The Delete Session confirmation (spec part 1 section 2): deletes on confirm, toasts
 * 'Session deleted' or the spec's error, then calls `onDeleted`.
 */
export function DeleteSessionDialog(props: {
  session: SessionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteSession();
  const notify = useNotify();
  const onConfirm = () =>
    remove.mutate(props.session.id, {
      onSuccess: () => {
        notify("Session deleted");
        props.onDeleted();
      },
      onError: () => notify("Error", "Failed to delete session. Please try again.", "error"),
    });
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Delete Session"
      message={`This permanently removes "${props.session.title}" with all its stories, votes and data. This cannot be undone.`}
      confirmLabel="Delete Session"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      destructive
      onConfirm={onConfirm}
    />
  );
}
