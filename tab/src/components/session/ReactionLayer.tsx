import { Button, makeStyles, Tooltip, tokens } from "@fluentui/react-components";
import { REACTION_EMOJIS, type ReactionEmoji, type ServerMessage } from "@pointwise/core/realtime";
import { useEffect, useRef, useState } from "react";
import { REACTION_EVENT } from "../../api/liveSessionCache";
import { sendLiveFrame } from "../../api/useLiveSession";

/** How long a reaction floats on screen (issue #8 section 6). */
export const REACTION_FLOAT_MS = 3000;
/** At most this many reactions float at once; older ones leave first. */
const MAX_FLOATING = 12;

/** Accessible names of the reactions. */
const REACTION_NAMES: Record<ReactionEmoji, string> = {
  "👍": "Thumbs up",
  "🎉": "Celebrate",
  "🤔": "Thinking",
  "☕": "Coffee",
};

const useStyles = makeStyles({
  bar: { display: "flex", gap: "4px", alignItems: "center", flexWrap: "wrap" },
  emoji: { fontSize: "20px", minWidth: "40px" },
  layer: {
    position: "fixed",
    right: "24px",
    bottom: "24px",
    width: "120px",
    height: "60vh",
    pointerEvents: "none",
    zIndex: 1000,
    overflow: "hidden",
  },
  float: {
    position: "absolute",
    bottom: "0",
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    animationName: {
      "0%": { transform: "translateY(0)", opacity: 0 },
      "10%": { opacity: 1 },
      "80%": { opacity: 1 },
      "100%": { transform: "translateY(-50vh)", opacity: 0 },
    },
    animationDuration: `${REACTION_FLOAT_MS}ms`,
    animationTimingFunction: "ease-out",
    animationFillMode: "forwards",
    "@media (prefers-reduced-motion: reduce)": {
      animationName: { "0%": { opacity: 1 }, "85%": { opacity: 1 }, "100%": { opacity: 0 } },
      transform: "none",
    },
  },
  glyph: { fontSize: "32px", lineHeight: 1 },
  name: {
    fontSize: tokens.fontSizeBase100,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusSmall,
    padding: "0 4px",
    maxWidth: "110px",
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
  },
});

type ReactionPush = Extract<ServerMessage, { type: "reaction" }>;

/**
 * Emoji reactions (issue #8 section 6): a small bar to send 👍 🎉 🤔 ☕ over the live socket,
 * and the layer where everyone's reactions float for 3 s (CSS animation; a plain fade when
 * the person prefers reduced motion). Reactions are never stored; the server rate-limits them.
 */
export function ReactionLayer({ sessionId, enabled }: { sessionId: string; enabled: boolean }) {
  const styles = useStyles();
  const [floating, setFloating] = useState<(ReactionPush & { key: number; left: number })[]>([]);
  const seq = useRef(0);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onReaction = (event: Event) => {
      const push = (event as CustomEvent<ReactionPush>).detail;
      if (push.sessionId !== sessionId) return;
      const key = ++seq.current;
      const left = Math.round(Math.random() * 60);
      setFloating((all) => [...all, { ...push, key, left }].slice(-MAX_FLOATING));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setFloating((all) => all.filter((r) => r.key !== key));
      }, REACTION_FLOAT_MS);
      timers.add(timer);
    };
    window.addEventListener(REACTION_EVENT, onReaction);
    return () => {
      window.removeEventListener(REACTION_EVENT, onReaction);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [sessionId]);

  return (
    <>
      <div className={styles.bar} role="toolbar" aria-label="Reactions" data-testid="reaction-bar">
        {REACTION_EMOJIS.map((emoji) => (
          <Tooltip key={emoji} content={`React: ${REACTION_NAMES[emoji]}`} relationship="label">
            <Button
              appearance="subtle"
              className={styles.emoji}
              disabled={!enabled}
              onClick={() => sendLiveFrame(sessionId, { type: "reaction", emoji })}
              data-testid={`reaction-button-${REACTION_EMOJIS.indexOf(emoji)}`}
              data-emoji={emoji}
            >
              {emoji}
            </Button>
          </Tooltip>
        ))}
      </div>
      <div className={styles.layer} aria-hidden="true">
        {floating.map((r) => (
          <div
            key={r.key}
            className={styles.float}
            style={{ left: `${r.left}px` }}
            data-testid="floating-reaction"
            data-emoji={r.emoji}
          >
            <span className={styles.glyph}>{r.emoji}</span>
            <span className={styles.name}>{r.name}</span>
          </div>
        ))}
      </div>
    </>
  );
}
