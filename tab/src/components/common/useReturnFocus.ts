import { useEffect, useRef } from "react";

/** The element a dialog opened from, as it stood when `open` became true. */
function openerNow(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  // Opened from a menu item: the item goes away with its menu, so the menu's button is the opener.
  if (active.closest('[role="menu"]')) {
    const trigger = document.querySelector<HTMLElement>('[aria-haspopup="menu"][aria-expanded="true"]');
    if (trigger) return trigger;
  }
  return active;
}

/**
 * Focus back on the button that opened a dialog once it closes (issue #8 section 6,
 * accessibility). Fluent UI's Dialog does this only for a DialogTrigger; our dialogs are opened
 * from state (`open` props, often mounted only while open), so they call this hook. The element
 * focused when `open` becomes true is remembered (a menu item counts as its menu's button); when
 * the dialog closes or unmounts, the focus returns to it if nothing else took the focus and it
 * is still on the page.
 */
export function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read during render: Fluent moves the focus into the dialog in its own effects.
  if (open && !wasOpen.current) opener.current = openerNow();
  wasOpen.current = open;

  useEffect(() => {
    if (!open) return;
    const target = opener.current;
    return () => {
      // After the dialog's own clean-up (and Fluent's restore, when it has one); a dialog that
      // stays mounted keeps the focus through its exit animation, so look again for up to 1 s.
      let tries = 0;
      const check = () => {
        const active = document.activeElement;
        const lost = !active || active === document.body || !active.isConnected;
        if (lost) {
          if (target?.isConnected) target.focus();
        } else if (active.closest('[role="dialog"], [role="alertdialog"]') && tries++ < 20) {
          setTimeout(check, 50);
        }
      };
      setTimeout(check, 0);
    };
  }, [open]);
}
