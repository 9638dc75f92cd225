import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The layer rules of biome.json (README, Layout) fire: each probe file imports across a layer
 * boundary (or within one) and Biome's `noRestrictedImports` must flag exactly the crossings.
 * The probes live in a temporary copy of the layout with the repository's own biome.json, so
 * the rules under test are the ones `npm run lint` applies to the tree.
 */
const ROOT = path.resolve(__dirname, "..");
const BIOME = path.join(ROOT, "node_modules", ".bin", "biome");
const RULE = "lint/style/noRestrictedImports";

/** [file, import specifier, must the rule fire?] */
const PROBES: [string, string, boolean][] = [
  ["core/src/probeCoreToBot.ts", "@pointwise/bot/cards/votingCard", true],
  ["core/src/probeCoreToApi.ts", "../../api/src/app", true],
  ["core/src/probeCoreToTab.ts", "../../tab/src/App", true],
  ["core/src/probeCoreToItself.ts", "./decks", false],
  ["bot/src/probeBotToApi.ts", "@pointwise/api/app", true],
  ["bot/src/probeBotToApiPath.ts", "../../api/src/commands/voteCaster", true],
  ["bot/src/probeBotToCore.ts", "@pointwise/core/decks", false],
  ["tab/src/components/probeTabToApi.ts", "../../../api/src/app", true],
  ["tab/src/components/probeTabToItsApiFolder.ts", "../api/teams", false],
  ["api/src/routes/probe/probeRouteToSchema.ts", "../../db/schema", true],
  ["api/src/routes/probe/probeRouteToClient.ts", "../../db/database", true],
  ["api/src/routes/probe/probeRouteToDrizzle.ts", "drizzle-orm", true],
  ["api/src/routes/probe/probeRouteToQueries.ts", "../../queries/votes", false],
  // The WebSocket route and its frame handlers are routes (issue #24 section 2): no SQL, commands allowed.
  ["api/src/routes/ws/probeWsHandlerToSchema.ts", "../../db/schema", true],
  ["api/src/routes/ws/probeWsHandlerToDrizzle.ts", "drizzle-orm", true],
  ["api/src/routes/ws/probeWsHandlerToCommand.ts", "../../commands/voteCaster", false],
  ["api/src/routes/ws/probeWsHandlerToRealtime.ts", "../../realtime/rooms", false],
  // realtime/ (broker, rooms, presence, watchers) calls no command, job or route; it may read the database.
  ["api/src/realtime/probeRealtimeToCommand.ts", "../commands/autoRevealer", true],
  ["api/src/realtime/probeRealtimeToJob.ts", "../jobs/roundTimerScheduler", true],
  ["api/src/realtime/probeRealtimeToRoute.ts", "../routes/ws/wsRoute", true],
  ["api/src/realtime/probeRealtimeToQueries.ts", "../queries/roundProgress", false],
  ["api/src/realtime/probeRealtimeToDb.ts", "../db/schema", false],
  ["api/src/commands/probeCommandToDb.ts", "../db/schema", false],
];

describe("layer import rules (biome.json noRestrictedImports)", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pw-import-rules-"));
    const config = JSON.parse(fs.readFileSync(path.join(ROOT, "biome.json"), "utf8"));
    delete config.$schema;
    delete config.vcs; // the temporary copy is no git repository
    fs.writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
    for (const [file, specifier] of PROBES) {
      fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), `import { probe } from "${specifier}";\nexport const used = probe;\n`);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("flags every import across a layer boundary and nothing else", () => {
    const run = spawnSync(BIOME, ["lint", "--only=style/noRestrictedImports", "--reporter=github", "."], {
      cwd: dir,
      encoding: "utf8",
    });
    const flagged = new Set(
      run.stdout
        .split("\n")
        .filter((line) => line.includes(RULE))
        .map((line) => path.relative(dir, path.resolve(dir, /file=([^,]+)/.exec(line)?.[1] ?? ""))),
    );
    const expected = Object.fromEntries(PROBES.map(([file, , fires]) => [file, fires]));
    const actual = Object.fromEntries(PROBES.map(([file]) => [file, flagged.has(file)]));
    expect(actual).toEqual(expected);
    expect(run.status).not.toBe(0);
  });
});
