import type { SessionView, StoryView } from "@pointwise/core/presented";
import { QueryClient } from "@tanstack/react-query";
import { applyServerMessage } from "../../api/liveSessionCache";
import { queryKeys } from "../../api/queryKeys";
import { buildSession, buildSnapshot, buildStory } from "../../testing/viewFactories";
import { storySelection } from "./storySelection";

const queue = [
  buildStory({ id: "a", position: 0, status: "completed", finalPoints: 3 }),
  buildStory({ id: "b", position: 1, status: "skipped" }),
  buildStory({ id: "c", position: 2, status: "voting" }),
  buildStory({ id: "d", position: 3 }),
];

describe("storySelection: the group's story (spec part 2 section 2)", () => {
  it("is the session's active story", () => {
    expect(storySelection(buildSession({ activeStoryId: "d" }), queue, null, false).groupStory?.id).toBe("d");
  });

  it("is otherwise the first story that is neither completed nor skipped", () => {
    expect(storySelection(buildSession(), queue, null, false).groupStory?.id).toBe("c");
    expect(storySelection(undefined, queue, null, false).groupStory?.id).toBe("c");
  });

  it("is null when every story is done", () => {
    expect(storySelection(buildSession(), queue.slice(0, 2), null, false).groupStory).toBeNull();
  });
});

describe("storySelection: the story shown and Out of sync", () => {
  it("shows a locally chosen story and flags a non-leader out of sync", () => {
    const picked = storySelection(buildSession({ activeStoryId: "c" }), queue, "a", false);
    expect(picked.currentStory?.id).toBe("a");
    expect(picked.groupStory?.id).toBe("c");
    expect(picked.outOfSync).toBe(true);
  });

  it("never flags the leader, nor someone whose choice is the group's story", () => {
    expect(storySelection(buildSession({ activeStoryId: "c" }), queue, "a", true).outOfSync).toBe(false);
    expect(storySelection(buildSession({ activeStoryId: "c" }), queue, "c", false).outOfSync).toBe(false);
  });

  it("follows the group again when the chosen story no longer exists", () => {
    const picked = storySelection(buildSession(), queue, "deleted", false);
    expect(picked.currentStory?.id).toBe("c");
    expect(picked.outOfSync).toBe(false);
  });
});

describe("storySelection on the live cache", () => {
  it("moves past a completed story and follows active_story_changed", () => {
    const client = new QueryClient();
    const apply = (m: Parameters<typeof applyServerMessage>[2]) => applyServerMessage(client, "session-1", m);
    const read = () =>
      storySelection(
        client.getQueryData<SessionView>(queryKeys.session("session-1")),
        client.getQueryData<StoryView[]>(queryKeys.stories("session-1")) ?? [],
        null,
        false,
      ).groupStory?.id;
    apply(buildSnapshot({ stories: [buildStory({ id: "x", position: 0 }), buildStory({ id: "y", position: 1 })] }));
    expect(read()).toBe("x");
    apply({ type: "story_status_change", sessionId: "session-1", story: buildStory({ id: "x", status: "skipped" }) });
    expect(read()).toBe("y");
    // The leader picks the skipped story again: the chosen story wins whatever its status.
    apply({ type: "session_updated", session: buildSession({ activeStoryId: "x" }) });
    expect(read()).toBe("x");
  });
});
