import { Link, Toast, ToastBody, type ToastIntent, ToastTitle, useToastController } from "@fluentui/react-components";
import { useCallback, useEffect } from "react";

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

/** Where `flashAfterReload` keeps its toast (sessionStorage: this tab only, gone with it). */
const FLASH_KEY = "pointwise-flash-toast";

/**
 * Keeps a success toast for the next page load: for changes answered by a full reload (signing
 * out everywhere, deleting the account), which would otherwise lose the toast with the page.
 * `FlashToast` shows it once. Does nothing where storage is unavailable.
 */
export function flashAfterReload(title: string, description?: string): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify({ title, description }));
  } catch {
    /* storage blocked (e.g. a sandboxed frame): no toast, nothing else lost */
  }
}

/** Takes the toast `flashAfterReload` kept (removing it), or null. */
function takeFlash(): { title: string; description?: string } | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    window.sessionStorage.removeItem(FLASH_KEY);
    const kept = raw ? (JSON.parse(raw) as { title?: unknown; description?: unknown }) : null;
    if (!kept || typeof kept.title !== "string") return null;
    return { title: kept.title, description: typeof kept.description === "string" ? kept.description : undefined };
  } catch {
    return null;
  }
}

/** Shows, once, the toast `flashAfterReload` kept before the reload. Render it after the Toaster. */
export function FlashToast() {
  const notify = useNotify();
  useEffect(() => {
    const flash = takeFlash();
    if (flash) notify(flash.title, flash.description);
  }, [notify]);
  return null;
}
