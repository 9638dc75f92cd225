import { DEFAULT_ORDINAL_OPTIONS, FeatureTable, fitOrdinalModel, storyFeatures } from "./ordinalModel";

type Row = { title: string; description?: string | null; points: number };

function fit(rows: Row[], options = DEFAULT_ORDINAL_OPTIONS) {
  const table = new FeatureTable();
  for (const r of rows) table.add(storyFeatures(r));
  const model = fitOrdinalModel(
    table,
    rows.map((r) => r.points),
    rows.length,
    options,
  );
  const distribution = (story: { title: string; description?: string | null }) => {
    const p = model.distribution(table.lookup(storyFeatures(story)));
    return new Map(model.values.map((v, i) => [v, p[i] as number]));
  };
  return { model, distribution };
}

/** Titles of Mesos-like stories; "migration" stories were pointed 8, "typo" stories 1, the rest 3. */
function backlog(count: number): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 3 === 0) rows.push({ title: `Schema migration of the ${i % 7 ? "agent" : "master"} registry`, points: 8 });
    else if (i % 3 === 1) rows.push({ title: `Fix typo in the ${i % 5 ? "docs" : "help"} page`, points: 1 });
    else rows.push({ title: `Add flag to the ${i % 4 ? "scheduler" : "allocator"} endpoint`, points: 3 });
  }
  return rows;
}

describe("storyFeatures", () => {
  it("marks title words, description words, a missing description and the description's length", () => {
    const f = storyFeatures({ title: "Upgrade Jetty", description: null });
    expect(f).toEqual(expect.arrayContaining(["t:upgrade", "upgrade", "t:jetty", "jetty", "#nodesc", "#len0"]));
    const long = storyFeatures({ title: "x", description: "word ".repeat(5) + "tokens ".repeat(50) });
    expect(long).toContain("#len2");
    expect(long).not.toContain("#nodesc");
  });
});

describe("fitOrdinalModel", () => {
  it("puts the mass on the points the team gave stories with the same words", () => {
    const { distribution } = fit(backlog(300));
    const migration = distribution({ title: "Schema migration of the quota registry" });
    const typo = distribution({ title: "Fix typo in the quota page" });
    expect(migration.get(8)).toBeGreaterThan(0.6);
    expect(typo.get(1)).toBeGreaterThan(0.6);
  });

  it("answers probabilities over the history's distinct points that sum to 1", () => {
    const { model, distribution } = fit(backlog(120));
    expect(model.values).toEqual([1, 3, 8]);
    const p = [...distribution({ title: "Something else entirely" }).values()];
    for (const x of p) expect(x).toBeGreaterThanOrEqual(0);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it("follows a drifting scale: intercepts are recalibrated on the latest stories", () => {
    // Same words throughout; the first 400 stories were pointed 8, the latest 100 pointed 2.
    const rows: Row[] = Array.from({ length: 500 }, (_, i) => ({
      title: `Improve the ${i % 2 ? "agent" : "master"} logging`,
      points: i < 400 ? 8 : 2,
    }));
    const recalibrated = fit(rows).distribution({ title: "Improve the master logging" });
    expect(recalibrated.get(2)).toBeGreaterThan(0.5);
    const without = fit(rows, { ...DEFAULT_ORDINAL_OPTIONS, recalibrateShare: 1 }).distribution({
      title: "Improve the master logging",
    });
    expect(without.get(8)).toBeGreaterThan(0.5);
  });

  it("fits only the latest maxStories stories", () => {
    const rows: Row[] = [
      ...Array.from({ length: 200 }, () => ({ title: "Old scale story", points: 13 })),
      ...backlog(90),
    ];
    const { model } = fit(rows, { ...DEFAULT_ORDINAL_OPTIONS, maxStories: 90 });
    expect(model.values).toEqual([1, 3, 8]);
  });

  it("is deterministic", () => {
    const a = fit(backlog(150)).distribution({ title: "Add flag to the scheduler page" });
    const b = fit(backlog(150)).distribution({ title: "Add flag to the scheduler page" });
    expect([...a]).toEqual([...b]);
  });
});
