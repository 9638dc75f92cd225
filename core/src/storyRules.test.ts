import { currentStory, isOpenStory, OPEN_STORY_STATUSES } from "./storyRules";
import { STORY_STATUSES, type StoryStatus } from "./storySchemas";

const story = (id: string, status: StoryStatus) => ({ id, status });

describe("isOpenStory (spec part 2 section 2)", () => {
  it("is false for completed and skipped and true for every other status", () => {
    const open = STORY_STATUSES.filter((status) => isOpenStory({ status }));
    expect(open).toEqual(["pending", "voting", "blocked"]);
    expect(isOpenStory({ status: "completed" })).toBe(false);
    expect(isOpenStory({ status: "skipped" })).toBe(false);
  });

  it("lists only real statuses in OPEN_STORY_STATUSES", () => {
    for (const status of OPEN_STORY_STATUSES) expect(STORY_STATUSES).toContain(status);
  });
});

describe("currentStory (spec part 2 section 2)", () => {
  const queue = [story("a", "completed"), story("b", "skipped"), story("c", "blocked"), story("d", "pending")];

  it("is the chosen story whatever its status", () => {
    expect(currentStory(queue, "d")?.id).toBe("d");
    expect(currentStory(queue, "a")?.id).toBe("a");
  });

  it("is otherwise the first story that is neither completed nor skipped", () => {
    expect(currentStory(queue, null)?.id).toBe("c");
    expect(currentStory(queue, undefined)?.id).toBe("c");
  });

  it("falls back to the first open story when the chosen one is not in the list", () => {
    expect(currentStory(queue, "deleted")?.id).toBe("c");
  });

  it("is null when every story is done, or there is none", () => {
    expect(currentStory([story("a", "completed"), story("b", "skipped")], null)).toBeNull();
    expect(currentStory([], "a")).toBeNull();
  });
});
