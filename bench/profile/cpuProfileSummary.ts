/**
 * Summarises a V8 `.cpuprofile` (`node --cpu-prof`): self time by function and by module
 * (package under node_modules, our own file, or node internals), largest first.
 *
 * Usage: `npx tsx profile/cpuProfileSummary.ts FILE.cpuprofile [--top 40] [--votes N]`
 * (`npm run profile:summary -w bench -- …`); with `--votes` every figure is also given per vote.
 */
import fs from "node:fs";

/** The parts of a V8 CPU profile this script reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Reads `--name value` from argv. */
function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Where a function lives: `pkg:<name>` for node_modules, the file for ours, or the V8/node category. */
function moduleOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || "native"})`;
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return `pkg:${rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith("node:")) return url;
  const ours = /\/(api|core)\/dist\/(.*)$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error("usage: cpuProfileSummary FILE.cpuprofile [--top 40] [--votes N]");
  const top = Number(option("top") ?? "40");
  const votes = Number(option("votes") ?? "0");
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === "(idle)") {
      idle += us;
      continue;
    }
    total += us;
    const mod = moduleOf(frame.url, frame.functionName);
    const fn = `${frame.functionName || "(anonymous)"} ${mod}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byModule.set(mod, (byModule.get(mod) ?? 0) + us);
  }
  const perVote = (us: number) => (votes > 0 ? `  ${(us / 1000 / votes).toFixed(3)} ms/vote` : "");
  const show = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(
        `${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %${perVote(us)}  ${name}`,
      );
    }
  };
  console.log(`${file}: busy ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms${perVote(total)}`);
  show("Self time by module", byModule);
  show("Self time by function", byFunction);
}

main();
