import { type SummaryStory, sessionSummary } from "./sessionSummary";

const story = (id: string, status: SummaryStory["status"], finalPoints: number | null = null): SummaryStory => ({
  id,
  status,
  finalPoints,
});

describe("sessionSummary (spec part 2 sections 7 and 9)", () => {
  const stories = [
    story("a", "completed", 5),
    story("b", "completed", 8),
    story("c", "completed", null),
    story("d", "skipped"),
    story("e", "voting"),
  ];
  const votes = [
    { storyId: "a", points: 5 },
    { storyId: "a", points: 5 },
    { storyId: "b", points: 3 },
    { storyId: "b", points: 13 },
    { storyId: "c", points: null },
    { storyId: "e", points: 1 },
  ];

  it("lists completed and skipped stories in order", () => {
    const s = sessionSummary(stories, votes);
    expect(s.completed.map((x) => x.id)).toEqual(["a", "b", "c"]);
    expect(s.skipped.map((x) => x.id)).toEqual(["d"]);
  });

  it("sums final points and averages over the stories that have them, to 1 decimal", () => {
    const s = sessionSummary(stories, votes);
    expect(s.totalPoints).toBe(13);
    expect(s.averagePoints).toBe(6.5);
    expect(
      sessionSummary([story("a", "completed", 1), story("b", "completed", 2), story("c", "completed", 2)], []),
    ).toMatchObject({ totalPoints: 5, averagePoints: 1.7 });
  });

  it("rates consensus over completed stories only: a range of at most 1 or fewer than 2 votes", () => {
    // a: 5,5 agreed; b: 3,13 not; c: no numeric vote agreed. e is open and ignored.
    expect(sessionSummary(stories, votes).consensusRate).toBe(67);
  });

  it("has no average or rate without completed stories", () => {
    expect(sessionSummary([story("e", "voting")], [])).toEqual({
      completed: [],
      skipped: [],
      totalPoints: 0,
      averagePoints: null,
      consensusRate: null,
    });
  });
});
