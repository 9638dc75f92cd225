/**
 * @jest-environment jsdom
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { deckFor } from "@pointwise/core/decks";
import type { StoryView } from "@pointwise/core/presented";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { rowsOfList } from "../../api/useStoryQueue";
import { buildStory } from "../../testing/viewFactories";
import { StoryQueueCard, type StoryQueueCardProps } from "./StoryQueueCard";
import { filterStories } from "./storyFilter";

/** Server-renders a component into a detached element to query it. */
function render(element: ReactElement): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(<FluentProvider theme={webLightTheme}>{element}</FluentProvider>);
  return root;
}

/** `n` stories: "Story 1" (ticket MESOS-1) ... */
function backlog(n: number): StoryView[] {
  return Array.from({ length: n }, (_, i) =>
    buildStory({ id: `s${i + 1}`, title: `Story ${i + 1}`, ticketNumber: `MESOS-${i + 1}`, position: i }),
  );
}

/** The card's props for a queue held in full, searched locally for `query` (as useQueueRows does). */
const props = (stories: StoryView[], extra: Partial<StoryQueueCardProps> = {}): StoryQueueCardProps => ({
  rows: rowsOfList(filterStories(stories, extra.query ?? "")),
  query: "",
  onQueryChange: () => {},
  currentId: null,
  isLeader: true,
  deck: deckFor("fibonacci"),
  outOfSyncWith: null,
  onSync: () => {},
  onChoose: () => {},
  onMove: () => {},
  ...extra,
});

const rows = (root: HTMLElement) => [...root.querySelectorAll('[data-testid^="story-row-"]')];

describe("filterStories (issue #8 section 6)", () => {
  const stories = [
    buildStory({ id: "a", title: "Login with SSO", ticketNumber: "BAM-65" }),
    buildStory({ id: "b", title: "Export CSV", ticketNumber: "BAM-932" }),
    buildStory({ id: "c", title: "Dark mode", ticketNumber: null }),
  ];

  it("matches the title or the ticket number, case-insensitively, in queue order", () => {
    expect(filterStories(stories, "login").map((s) => s.id)).toEqual(["a"]);
    expect(filterStories(stories, "bam-9").map((s) => s.id)).toEqual(["b"]);
    expect(filterStories(stories, "  BAM ").map((s) => s.id)).toEqual(["a", "b"]);
    expect(filterStories(stories, "MODE").map((s) => s.id)).toEqual(["c"]);
    expect(filterStories(stories, "nothing like it")).toEqual([]);
  });

  it("returns the same array for an empty query (memoised rows stay)", () => {
    expect(filterStories(stories, "")).toBe(stories);
    expect(filterStories(stories, "   ")).toBe(stories);
  });
});

describe("StoryQueueCard (issue #8 section 6, large backlogs)", () => {
  it("renders every row of a short queue", () => {
    const root = render(<StoryQueueCard {...props(backlog(10))} />);
    expect(rows(root)).toHaveLength(10);
    expect(root.querySelector('[data-testid="story-queue-count"]')?.textContent).toBe("10 stories");
  });

  it("renders only a window of a 1,500-story queue, with the list as tall as all rows", () => {
    const root = render(<StoryQueueCard {...props(backlog(1500))} />);
    const shown = rows(root);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]?.textContent).toContain("Story 1");
    const list = root.querySelector("ol") as HTMLElement;
    expect(Number.parseInt(list.style.height, 10)).toBeGreaterThan(1500 * 30);
    // Move up/down still names the queue position (aria-posinset) of the whole queue.
    expect(root.querySelector("li")?.getAttribute("aria-setsize")).toBe("1500");
  });

  it("shows the rows of a search", () => {
    const root = render(<StoryQueueCard {...props(backlog(1500), { query: "mesos-1499" })} />);
    const shown = rows(root);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.getAttribute("data-testid")).toBe("story-row-s1499");
    expect(root.querySelector('[data-testid="story-queue-count"]')?.textContent).toBe("1 found");
  });

  it("says so when nothing matches", () => {
    const root = render(<StoryQueueCard {...props(backlog(20), { query: "zzz" })} />);
    expect(rows(root)).toHaveLength(0);
    expect(root.querySelector('[data-testid="story-search-empty"]')?.textContent).toBe('No stories match "zzz".');
  });
});
