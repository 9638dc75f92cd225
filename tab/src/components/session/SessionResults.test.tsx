/**
 * @jest-environment jsdom
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { COFFEE_LABEL, deckFor } from "@pointwise/core/decks";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { buildSession, buildStory } from "../../testing/viewFactories";
import { ParticipationGrid } from "./ParticipationGrid";
import { SessionResultsCard } from "./SessionResults";
import { SessionStatsCard } from "./SessionStatsCard";

/** Server-renders a component into a detached element to query it. */
function render(element: ReactElement): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(<FluentProvider theme={webLightTheme}>{element}</FluentProvider>);
  return root;
}

const at = "2026-01-01T00:00:00.000Z";

describe("SessionResults (issue #8 section 4)", () => {
  it("lists every story once one is completed, with the total and both server downloads", () => {
    const session = buildSession();
    const stories = [
      buildStory({ id: "a", title: "Login", status: "completed", finalPoints: 0.5, votesRevealed: true }),
      buildStory({ id: "b", title: "Search", status: "pending" }),
    ];
    const votes = [
      {
        storyId: "a",
        voterKey: "u:1",
        userId: "1",
        participantId: null,
        displayName: "Ann",
        hasVoted: true as const,
        points: 0.5,
        updatedAt: at,
      },
    ];
    const root = render(<SessionResultsCard session={session} stories={stories} votes={votes} />);
    expect(root.querySelector('[data-testid="results-row-a"]')?.textContent).toContain("½");
    expect(root.querySelector('[data-testid="results-row-b"]')?.textContent).toContain("Pending");
    expect(root.querySelector('[data-testid="results-total"]')?.textContent).toBe("0.5 points");
    const links = [...root.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/api/sessions/session-1/export.md", "/api/sessions/session-1/export.csv"]);
  });

  it("shows the t-shirt deck as sizes: median size and no point total", () => {
    const session = buildSession({ estimationScale: "tshirt", deck: deckFor("tshirt") });
    const stories = [
      buildStory({ id: "a", status: "completed", finalPoints: 3 }),
      buildStory({ id: "b", status: "completed", finalPoints: 13 }),
      buildStory({ id: "c", status: "completed", finalPoints: 1 }),
    ];
    const root = render(<SessionResultsCard session={session} stories={stories} votes={[]} />);
    expect(root.textContent).toContain("Median size");
    expect(root.querySelector('[data-testid="results-total"]')?.textContent).toBe("M");
    expect(root.textContent).not.toContain("points");
    // The server's counts of those three stories (issue #22 section 3).
    const counted = {
      ...session,
      stats: { ...session.stats, totalStories: 3, completedStories: 3, openStories: 0, medianFinalPoints: 3 },
    };
    const stats = render(<SessionStatsCard session={counted} />);
    expect(stats.textContent).toContain("MMedian size");
    expect(stats.textContent).not.toContain("Total points");
  });
});

describe("ParticipationGrid and the coffee card (issue #8 section 4)", () => {
  it("shows a break request to everyone before reveal and does not count it as a vote", () => {
    const participants = ["1", "2"].map((id) => ({
      id,
      voterKey: `u:${id}`,
      userId: id,
      displayName: `P${id}`,
      isAnonymous: false,
      role: "participant" as const,
      present: true,
      joinedAt: at,
      user: null,
    }));
    const base = { storyId: "a", participantId: null, hasVoted: true as const, updatedAt: at };
    const votes = [
      { ...base, voterKey: "u:1", userId: "1", displayName: "P1", coffee: true as const },
      { ...base, voterKey: "u:2", userId: "2", displayName: "P2" },
    ];
    const root = render(
      <ParticipationGrid
        participants={participants}
        voters={participants}
        votes={votes}
        online={null}
        deck={deckFor("fibonacci")}
        revealed={false}
      />,
    );
    expect(root.textContent).toContain("1 of 2 voted");
    expect(root.querySelector(`[data-testid="participant-u:1"] [aria-label="${COFFEE_LABEL}"]`)?.textContent).toBe(
      "☕",
    );
    expect(root.querySelector('[data-testid="participant-u:1"]')?.getAttribute("data-voted")).toBe("false");
  });
});
