import { Toast, ToastBody, type ToastIntent, ToastTitle, useToastController } from "@fluentui/react-components";
import { useCallback } from "react";

/** The id of the app's single Toaster (rendered once in App). */
export const TOASTER_ID = "pointwise-toaster";

/** Shows a toast: `notify(title, description?, intent?)`; intent "error" is the destructive variant. */
export function useNotify() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(
    (title: string, description?: string, intent: ToastIntent = "success") => {
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {description ? <ToastBody>{description}</ToastBody> : null}
        </Toast>,
        { intent, timeout: 5000 },
      );
    },
    [dispatchToast],
  );
}
