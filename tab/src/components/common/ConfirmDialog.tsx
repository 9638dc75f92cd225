import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from "@fluentui/react-components";
import { useReturnFocus } from "./useReturnFocus";

/**
 * Props of ConfirmDialog: `pendingLabel` replaces the confirm label while `pending` ("Deleting...");
 * `cancelLabel` names the button that closes it (default "Cancel"; e.g. "Keep subscription" where
 * the confirm itself is a cancel).
 */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  onConfirm: () => void;
}

/** A confirmation with Cancel and a confirm button (spec part 1 section 2, "Confirm dialogs"). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  useReturnFocus(props.open);
  return (
    <Dialog open={props.open} onOpenChange={(_e, data) => props.onOpenChange(data.open)} modalType="alert">
      <DialogSurface style={{ maxWidth: "min(440px, calc(100vw - 32px))" }}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>{props.message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={() => props.onOpenChange(false)} disabled={props.pending}>
              {props.cancelLabel ?? "Cancel"}
            </Button>
            <Button
              appearance="primary"
              onClick={props.onConfirm}
              disabled={props.pending}
              style={props.destructive ? { backgroundColor: "#c50f1f", borderColor: "#c50f1f" } : undefined}
            >
              {props.pending ? props.pendingLabel : props.confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
