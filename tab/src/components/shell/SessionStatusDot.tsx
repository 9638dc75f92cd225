import { tokens } from "@fluentui/react-components";
import type { SessionStatus } from "@pointwise/core/presented";

const COLORS: Record<SessionStatus, string> = {
  live: tokens.colorPaletteRedBackground3,
  in_progress: tokens.colorPaletteBlueBorderActive,
  completed: tokens.colorPaletteGreenBackground3,
};

/** A small dot coloured by session status: live red, in_progress blue, otherwise green (spec part 1 section 2). */
export function SessionStatusDot({ status }: { status: SessionStatus }) {
  return (
    <span
      aria-hidden
      style={{
        display: "inline-block",
        width: 8,
        height: 8,
        margin: 6,
        borderRadius: "50%",
        backgroundColor: COLORS[status] ?? COLORS.completed,
      }}
    />
  );
}
