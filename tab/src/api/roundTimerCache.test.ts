/**
 * @jest-environment jsdom
 */
import type { StoryView } from "@pointwise/core/presented";
import { QueryClient } from "@tanstack/react-query";
import { buildSnapshot, buildStory } from "../testing/viewFactories";
import { applyServerMessage } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";
import { resetServerClock, serverNowMs } from "./serverClock";

const SID = "session-1";

describe("round timer pushes in the live cache (issue #8 section 2)", () => {
  it("sets and clears the story's timerEndsAt, and corrects the clock by serverNow", () => {
    resetServerClock();
    const client = new QueryClient();
    const stories = () => client.getQueryData<StoryView[]>(queryKeys.stories(SID)) ?? [];
    // The server's clock runs 5 s ahead of this browser's.
    const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
    applyServerMessage(
      client,
      SID,
      buildSnapshot({ stories: [buildStory(), buildStory({ id: "story-2" })], serverNow: ahead(5000) }),
    );
    expect(Math.abs(serverNowMs() - (Date.now() + 5000))).toBeLessThan(100);

    const endsAt = ahead(65_000);
    applyServerMessage(client, SID, {
      type: "timer_started",
      sessionId: SID,
      storyId: "story-1",
      endsAt,
      serverNow: ahead(-2000),
    });
    expect(stories().map((s) => s.timerEndsAt)).toEqual([endsAt, null]);
    // A push that arrives late (its serverNow 7 s older than the snapshot's, relative to ours) is
    // only a lower bound of the offset: it does not drag the clock (issue #22 section 1).
    expect(Math.abs(serverNowMs() - (Date.now() + 5000))).toBeLessThan(100);

    applyServerMessage(client, SID, { type: "timer_stopped", sessionId: SID, storyId: "story-1" });
    expect(stories().map((s) => s.timerEndsAt)).toEqual([null, null]);
  });
});
