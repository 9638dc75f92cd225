import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Text,
} from "@fluentui/react-components";
import type { FormEvent, ReactNode } from "react";
import { useReturnFocus } from "./useReturnFocus";

const WIDTHS = { sm: "400px", md: "480px", lg: "560px", xl: "640px", "2xl": "760px" } as const;

const useStyles = makeStyles({
  content: { display: "flex", flexDirection: "column", gap: "12px" },
});

/** Props of FormDialog; `size` is one of the spec's sm..2xl, `busy` shows "label..." and disables submit. */
export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  submitLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  size?: keyof typeof WIDTHS;
  submitDisabled?: boolean;
  submitTestId?: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** The reusable modal form (spec part 1 section 2): title, optional description, Cancel and Submit. */
export function FormDialog(props: FormDialogProps) {
  const styles = useStyles();
  const { open, onOpenChange, title, description, busy = false, size = "md" } = props;
  const submitLabel = props.submitLabel ?? "Submit";
  useReturnFocus(open);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) props.onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={(_e, data) => onOpenChange(data.open)}>
      <DialogSurface style={{ maxWidth: `min(${WIDTHS[size]}, calc(100vw - 32px))` }}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>
              {description ? <Text>{description}</Text> : null}
              {props.children}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
                {props.cancelLabel ?? "Cancel"}
              </Button>
              <Button
                appearance="primary"
                type="submit"
                disabled={busy || props.submitDisabled}
                data-testid={props.submitTestId}
              >
                {busy ? `${submitLabel}...` : submitLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
