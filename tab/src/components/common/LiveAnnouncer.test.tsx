/**
 * @jest-environment jsdom
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { revealAnnouncement } from "../session/VoteResults";
import { LiveAnnouncerProvider, useAnnounce, useAnnouncedText } from "./LiveAnnouncer";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Count({ text, onMount }: { text: string; onMount?: boolean }) {
  useAnnouncedText(text, { onMount });
  return null;
}

let announceNow: (text: string) => void = () => undefined;
function Grab() {
  announceNow = useAnnounce();
  return null;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  // The announcer sets its text 50 ms after clearing it (so a screen reader hears a repeat): the
  // tests move that clock instead of waiting it (issue #24 section 4).
  jest.useFakeTimers();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  jest.useRealTimers();
});

const region = () => container.querySelector('[aria-live="polite"]');
/** The announcer's 50 ms pass: `ms` short of them nothing is read out yet. */
const settle = (ms = 50) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

describe("LiveAnnouncer (issue #8 section 6)", () => {
  it("renders one polite status region and reads out a count only when it changes", async () => {
    act(() =>
      root.render(
        <LiveAnnouncerProvider>
          <Count text="0 of 3 voted" />
        </LiveAnnouncerProvider>,
      ),
    );
    await settle();
    expect(container.querySelectorAll("[aria-live]")).toHaveLength(1);
    expect(region()?.getAttribute("role")).toBe("status");
    expect(region()?.textContent).toBe("");
    act(() =>
      root.render(
        <LiveAnnouncerProvider>
          <Count text="1 of 3 voted" />
        </LiveAnnouncerProvider>,
      ),
    );
    await settle();
    expect(region()?.textContent).toBe("1 of 3 voted");
  });

  it("reads out a panel's text on mount when asked, and the same text again when announced again", async () => {
    act(() =>
      root.render(
        <LiveAnnouncerProvider>
          <Grab />
          <Count text="Votes revealed: average 5.0, Strong Consensus" onMount />
        </LiveAnnouncerProvider>,
      ),
    );
    await settle();
    expect(region()?.textContent).toBe("Votes revealed: average 5.0, Strong Consensus");
    act(() => announceNow("Votes revealed: average 5.0, Strong Consensus"));
    expect(region()?.textContent).toBe("");
    await settle(49);
    expect(region()?.textContent).toBe("");
    await settle(1);
    expect(region()?.textContent).toBe("Votes revealed: average 5.0, Strong Consensus");
  });

  it("words the reveal with the average or, on the t-shirt deck, the median size", () => {
    expect(revealAnnouncement("Good Alignment", "6.5", false)).toBe("Votes revealed: average 6.5, Good Alignment");
    expect(revealAnnouncement("Strong Consensus", "M", true)).toBe("Votes revealed: median size M, Strong Consensus");
    expect(revealAnnouncement(null, null, false)).toBe("Votes revealed: no estimates were cast");
  });
});
