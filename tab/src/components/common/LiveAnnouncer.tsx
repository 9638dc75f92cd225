import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

/**
 * The app's ONE polite live region (issue #8 section 6, accessibility): the vote count, the
 * reveal and the round timer are read out by screen readers through it. Components call
 * `useAnnounce()(text)`; `useAnnouncedText` announces a text whenever it changes.
 */

/** Puts a text into the live region (read out politely; the same text twice is read twice). */
export type Announce = (text: string) => void;

const AnnounceContext = createContext<Announce>(() => undefined);

/** Styles that hide the region visually but keep it in the accessibility tree. */
const VISUALLY_HIDDEN = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;

/** Provides `useAnnounce` and renders the live region (`role="status"`, `aria-live="polite"`). */
export function LiveAnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const announce = useCallback<Announce>((text) => {
    // Emptied first, then filled on the next tick, so a repeated text is a change the reader hears.
    setMessage("");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(text), 50);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer" style={VISUALLY_HIDDEN}>
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}

/** The announce function of the nearest LiveAnnouncerProvider (a no-op without one). */
export function useAnnounce(): Announce {
  return useContext(AnnounceContext);
}

/**
 * Announces `text` each time it changes; null announces nothing. With `onMount` the first
 * text is announced too (a panel that appears because something happened, e.g. the reveal),
 * else only later changes are (a count that was already there when the page loaded).
 */
export function useAnnouncedText(text: string | null, { onMount = false }: { onMount?: boolean } = {}): void {
  const announce = useAnnounce();
  const previous = useRef<string | null | undefined>(onMount ? undefined : text);
  useEffect(() => {
    if (text !== null && text !== previous.current) announce(text);
    previous.current = text;
  }, [text, announce]);
}

/** The visually-hidden style, for other screen-reader-only text. */
export const visuallyHidden = VISUALLY_HIDDEN;
