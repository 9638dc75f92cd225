import type { Card } from "@pointwise/core/decks";
import { useEffect, useRef } from "react";

const TYPING_WINDOW_MS = 600;

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
}

/**
 * Votes by typing a card's label anywhere on the page (outside form fields and dialogs):
 * "5" votes 5 at once; "1" waits 600 ms for a "3" (13) when a longer label starts with it.
 */
export function useDeckKeys(deck: Card[], vote: (card: Card) => void, enabled: boolean): void {
  const buffer = useRef("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(vote);
  latest.current = vote;

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if (event.key.length !== 1 || !/[0-9?a-zA-Z]/.test(event.key)) return;
      clearTimeout(timer.current);
      buffer.current = (buffer.current + event.key).toUpperCase();
      const typed = buffer.current;
      const exact = deck.find((c) => c.label.toUpperCase() === typed);
      const longer = deck.some((c) => c.label.toUpperCase() !== typed && c.label.toUpperCase().startsWith(typed));
      if (exact && !longer) {
        buffer.current = "";
        latest.current(exact);
        return;
      }
      timer.current = setTimeout(() => {
        buffer.current = "";
        if (exact) latest.current(exact);
      }, TYPING_WINDOW_MS);
      if (!exact && !longer) buffer.current = "";
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      clearTimeout(timer.current);
    };
  }, [deck, enabled]);
}
