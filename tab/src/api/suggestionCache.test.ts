/**
 * @jest-environment jsdom
 */
import type { CriteriaSuggestionView } from "@pointwise/core/criteriaSuggestions";
import type { StoryView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { QueryClient } from "@tanstack/react-query";
import { buildSnapshot, buildStory } from "../testing/viewFactories";
import { applyServerMessage } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";
import { suggestionsKey } from "./suggestionCache";

const SID = "session-1";
const STORY = "story-1";

function suggestion(overrides: Partial<CriteriaSuggestionView> = {}): CriteriaSuggestionView {
  return {
    id: "s1",
    storyId: STORY,
    sessionId: SID,
    content: "CSV has a header row",
    status: "pending",
    suggestedBy: { firstName: "Gus", email: null, voterKey: "p:g1", pointbot: false },
    createdAt: "2026-11-22T10:00:00.000Z",
    ...overrides,
  };
}

/** A cache with a snapshot and the story's suggestions fetched (`listed`). */
function cacheWith(listed: CriteriaSuggestionView[] | undefined) {
  const client = new QueryClient();
  const apply = (message: ServerMessage) => applyServerMessage(client, SID, message);
  apply(buildSnapshot({ stories: [buildStory({ id: STORY, sessionId: SID })] }));
  if (listed) client.setQueryData(suggestionsKey(STORY), listed);
  return {
    apply,
    suggestions: () => client.getQueryData<CriteriaSuggestionView[]>(suggestionsKey(STORY)),
    stories: () => client.getQueryData<StoryView[]>(queryKeys.stories(SID)) ?? [],
  };
}

describe("applyServerMessage: criteria_suggestion_* (issue #9 section 2)", () => {
  it("adds a pushed suggestion once, in the order made, keeping the e-mail a REST answer gave", () => {
    const mine = suggestion({ id: "s2", createdAt: "2026-11-22T10:05:00.000Z" });
    const withEmail = { ...mine, suggestedBy: { ...mine.suggestedBy, email: "me@example.com" } };
    const cache = cacheWith([withEmail]);
    cache.apply({ type: "criteria_suggestion_added", sessionId: SID, suggestion: suggestion() });
    cache.apply({ type: "criteria_suggestion_added", sessionId: SID, suggestion: mine });
    expect(cache.suggestions()?.map((s) => [s.id, s.suggestedBy.email])).toEqual([
      ["s1", null],
      ["s2", "me@example.com"],
    ]);
  });

  it("drops an approved suggestion and applies the story with its new criterion", () => {
    const cache = cacheWith([suggestion()]);
    const story = buildStory({ id: STORY, sessionId: SID, acceptanceCriteria: ["CSV has a header row"] });
    cache.apply({
      type: "criteria_suggestion_approved",
      sessionId: SID,
      suggestion: suggestion({ status: "approved" }),
      story,
    });
    expect(cache.suggestions()).toEqual([]);
    expect(cache.stories()[0]?.acceptanceCriteria).toEqual(["CSV has a header row"]);
  });

  it("drops a rejected suggestion, and leaves a list never fetched alone", () => {
    const cache = cacheWith([suggestion()]);
    cache.apply({
      type: "criteria_suggestion_rejected",
      sessionId: SID,
      suggestion: suggestion({ status: "rejected" }),
    });
    expect(cache.suggestions()).toEqual([]);
    const unfetched = cacheWith(undefined);
    unfetched.apply({ type: "criteria_suggestion_added", sessionId: SID, suggestion: suggestion() });
    expect(unfetched.suggestions()).toBeUndefined();
  });
});
