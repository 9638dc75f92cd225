import { Link, Toast, ToastBody, type ToastIntent, ToastTitle, useToastController } from "@fluentui/react-components";
import { useCallback } from "react";

/** The id of the app's single Toaster (rendered once in App). */
export const TOASTER_ID = "pointwise-toaster";

/** A button in a toast's title, e.g. Undo after Skip Story (issue #8 section 3). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/**
 * Shows a toast for 5 s: `notify(title, description?, intent?, action?)`; intent "error" is the
 * destructive variant; `action` adds a button (it closes the toast when clicked).
 */
export function useNotify() {
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID);
  return useCallback(
    (title: string, description?: string, intent: ToastIntent = "success", action?: ToastAction) => {
      const toastId = `toast-${Date.now()}-${Math.random()}`;
      const button = action ? (
        <Link
          onClick={() => {
            dismissToast(toastId);
            action.onClick();
          }}
          data-testid="toast-action"
        >
          {action.label}
        </Link>
      ) : undefined;
      dispatchToast(
        <Toast>
          <ToastTitle action={button}>{title}</ToastTitle>
          {description ? <ToastBody>{description}</ToastBody> : null}
        </Toast>,
        { intent, timeout: 5000, toastId },
      );
    },
    [dispatchToast, dismissToast],
  );
}
