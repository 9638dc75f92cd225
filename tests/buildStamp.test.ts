import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  buildNeeded,
  dependenciesChanged,
  inputFiles,
  inputsHash,
  outputFingerprint,
  recordBuild,
  recordDependencies,
} from "../scripts/buildStamp.cjs";

/**
 * The skip logic of scripts/build.cjs (issue #22, "every start rebuilds"): a stamped build (the
 * tab's Vite build; the server's dependency lock) runs again exactly when its inputs' content
 * changed or its output is not the one it recorded. A temporary folder plays the repository; a
 * "build" writes the output folder.
 */
let root: string;
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
const build = () => ({
  stampFile: path.join(root, "node_modules/.cache/pointwise-build/tab.json"),
  root,
  entries: ["tab", "core/src", "package-lock.json"],
  outDirs: [path.join(root, "tab/dist")],
});
/** What `vite build` does here: empties the output folder and writes it anew. */
const fakeBuild = (stamp = "v1") => {
  fs.rmSync(path.join(root, "tab/dist"), { recursive: true, force: true });
  write("tab/dist/index.html", `<script src="/assets/index-${stamp}.js"></script>`);
  write(`tab/dist/assets/index-${stamp}.js`, "console.log(1)");
};
/** Builds when needed, as scripts/build.cjs does; answers whether it built. */
const runBuild = (stamp = "v1"): boolean => {
  const { needed, inputs } = buildNeeded(build());
  if (!needed) return false;
  fakeBuild(stamp);
  expect(recordBuild(build(), inputs)).toBe(true);
  return true;
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "pw-build-"));
  write("tab/src/main.tsx", "render(<App />)");
  write("tab/src/App.test.tsx", "it('renders')");
  write("tab/vite.config.ts", "export default {}");
  write("tab/node_modules/vite/index.js", "vite");
  write("core/src/decks.ts", "export const DECK = [1, 2, 3]");
  write("package-lock.json", '{"lockfileVersion": 3}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("a stamped build (scripts/build.cjs)", () => {
  it("builds on a fresh clone (no stamp, no output), then skips while nothing changed", () => {
    expect(runBuild()).toBe(true);
    expect(runBuild()).toBe(false);
    expect(runBuild()).toBe(false);
  });

  it.each([
    ["a tab source changes", "tab/src/main.tsx", "render(<App strict />)"],
    ["the Vite config changes", "tab/vite.config.ts", "export default { base: '/' }"],
    ["a core source the tab bundles changes", "core/src/decks.ts", "export const DECK = [1, 2, 3, 5]"],
    ["the dependency lock changes", "package-lock.json", '{"lockfileVersion": 3, "packages": {}}'],
    ["a source file is added", "tab/src/NewPage.tsx", "export function NewPage() {}"],
  ])("builds again when %s", (_what, rel, text) => {
    runBuild();
    write(rel, text);
    expect(runBuild("v2")).toBe(true);
    expect(runBuild()).toBe(false);
  });

  it("builds again when a source file is removed or renamed", () => {
    write("tab/src/Old.tsx", "export function Old() {}");
    runBuild();
    fs.renameSync(path.join(root, "tab/src/Old.tsx"), path.join(root, "tab/src/Renamed.tsx"));
    expect(runBuild("v2")).toBe(true);
    fs.rmSync(path.join(root, "tab/src/Renamed.tsx"));
    expect(runBuild("v3")).toBe(true);
  });

  it("skips for what no build reads: tests, installed packages, the output itself; and a touch without a change", () => {
    runBuild();
    write("tab/src/App.test.tsx", "it('renders twice')");
    write("tab/node_modules/vite/index.js", "vite 2");
    const main = path.join(root, "tab/src/main.tsx");
    fs.utimesSync(main, new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(runBuild()).toBe(false);
    expect(inputFiles(root, "tab")).toEqual(["tab/src/main.tsx", "tab/vite.config.ts"]);
  });

  it("builds again when the output is gone, emptied, edited or rebuilt by another command", () => {
    runBuild();
    fs.rmSync(path.join(root, "tab/dist"), { recursive: true });
    expect(outputFingerprint(path.join(root, "tab/dist"))).toBeNull();
    expect(runBuild()).toBe(true);
    write("tab/dist/index.html", "edited by hand");
    expect(runBuild()).toBe(true);
    // A plain `vite build` rewrote the same files: their times differ from the recorded ones.
    const index = path.join(root, "tab/dist/index.html");
    const later = new Date(fs.statSync(index).mtimeMs + 60_000);
    fs.utimesSync(index, later, later);
    expect(runBuild()).toBe(true);
    expect(runBuild()).toBe(false);
  });

  it("records nothing when a source changed while the build ran, so the next run builds again", () => {
    const { needed, inputs } = buildNeeded(build());
    expect(needed).toBe(true);
    fakeBuild();
    write("tab/src/main.tsx", "render(<App edited />)"); // saved in the editor mid-build
    expect(recordBuild(build(), inputs)).toBe(false);
    expect(runBuild("v2")).toBe(true);
  });

  it("tells a changed source from a build that is merely missing its stamp or output", () => {
    expect(buildNeeded(build())).toMatchObject({ needed: true, inputsChanged: false }); // never built
    runBuild();
    fs.rmSync(path.join(root, "tab/dist"), { recursive: true });
    expect(buildNeeded(build())).toMatchObject({ needed: true, inputsChanged: false }); // output gone
    runBuild();
    write("core/src/decks.ts", "export const DECK = [8]");
    expect(buildNeeded(build())).toMatchObject({ needed: true, inputsChanged: true });
  });

  it("hashes content and names, not times", () => {
    const before = inputsHash(root, ["tab", "core/src"]);
    const decks = path.join(root, "core/src/decks.ts");
    fs.utimesSync(decks, new Date(2031, 0, 1), new Date(2031, 0, 1));
    expect(inputsHash(root, ["tab", "core/src"])).toBe(before);
    write("core/src/decks.ts", "export const DECK = [1, 2, 3]"); // rewritten, same bytes
    expect(inputsHash(root, ["tab", "core/src"])).toBe(before);
  });
});

describe("the server's build (tsc -b over project references)", () => {
  const repo = path.resolve(__dirname, "..");
  const config = (workspace: string) =>
    JSON.parse(fs.readFileSync(path.join(repo, workspace, "tsconfig.build.json"), "utf8")) as {
      compilerOptions: { composite?: boolean; tsBuildInfoFile?: string };
      references?: { path: string }[];
    };

  it("references core from bot and api, and bot from api, so a change in core rebuilds what imports it", () => {
    // Without the references tsc -b checks only a project's own files: bot and api stayed stale
    // after a change in core (seen before this was set up).
    expect(config("bot").references).toEqual([{ path: "../core/tsconfig.build.json" }]);
    expect(config("api").references).toEqual([
      { path: "../core/tsconfig.build.json" },
      { path: "../bot/tsconfig.build.json" },
    ]);
    for (const workspace of ["core", "bot", "api"]) {
      expect(config(workspace).compilerOptions).toMatchObject({
        composite: true,
        tsBuildInfoFile: "dist/.tsbuildinfo",
      });
    }
  });

  it("builds everything when the dependency lock changed since the last server build", () => {
    const stampFile = path.join(root, "node_modules/.cache/pointwise-build/server.json");
    expect(dependenciesChanged(stampFile, root)).toBe(true); // a fresh clone
    recordDependencies(stampFile, root);
    expect(dependenciesChanged(stampFile, root)).toBe(false);
    write("package-lock.json", '{"lockfileVersion": 3, "packages": {"": {}}}');
    expect(dependenciesChanged(stampFile, root)).toBe(true);
  });
});
