import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { mapLimit } from "../lib/http";
import { loadAverage, option } from "../lib/options";
import { voteOnSchedule } from "../lib/schedule";
import { type SeededSession, seedSessions } from "../lib/seedSessions";
import { cpuSeconds, type DbKind, execSql, readRss, startServer } from "../lib/server";
import { fmt, summarize, table } from "../lib/stats";
import { BenchSocket, waitForQuiet } from "../lib/wsClient";

const RSS_TARGET_MB = 300;
const CONNECT_CONCURRENCY = 100;

/** A session during the hold: its clients and the vote in flight. */
interface LiveSession {
  seeded: SeededSession;
  clients: BenchSocket[];
  votes: number;
  points: Map<BenchSocket, number>;
  current: { voter: BenchSocket; t0: number; received: Set<BenchSocket>; last: number } | null;
}

/** Entry point: seed, connect, hold with votes, report. */
async function main(): Promise<void> {
  const kind = option("db", "BENCH_DB", "postgres") as DbKind;
  const sessionCount = Number(option("sessions", "BENCH_SESSIONS", "1000"));
  const size = Number(option("size", "BENCH_SESSION_SIZE", "10"));
  const holdMs = Number(option("hold", "BENCH_HOLD_S", "60")) * 1000;
  const intervalMs = Number(option("interval", "BENCH_VOTE_MS", "3000"));
  const total = sessionCount * size;
  const started = performance.now();
  console.log(
    `Capacity: ${total} participants in ${sessionCount} sessions of ${size}, hold ${holdMs / 1000} s, ` +
      `one vote per session every ${intervalMs} ms, database ${kind}; load average ${loadAverage()}`,
  );

  const server = await startServer(kind);
  const live: LiveSession[] = [];
  let sockets: BenchSocket[] = [];
  try {
    // 1. Seed directly in the database.
    let t = performance.now();
    const { statements, list } = seedSessions(sessionCount, size);
    await execSql(server, statements);
    const seedS = (performance.now() - t) / 1000;
    console.log(`  seeded in ${fmt(seedS)} s`);

    // 2. Connect and join everyone.
    t = performance.now();
    const joinMs: number[] = [];
    let failures = 0;
    const flat = list.flatMap((s, si) => s.tokens.map((token, pi) => ({ si, pi, token })));
    sockets = await mapLimit(flat, CONNECT_CONCURRENCY, async ({ si, token }) => {
      const t0 = performance.now();
      const socket = new BenchSocket(server.wsUrl);
      try {
        await socket.join((list[si] as SeededSession).id, token, 60_000);
        joinMs.push(performance.now() - t0);
      } catch (err) {
        if (failures++ < 5) console.warn(`  join failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      return socket;
    });
    const connectS = (performance.now() - t) / 1000;
    const established = sockets.filter((s) => s.isOpen && s.voterKey).length;
    console.log(`  ${established}/${total} joined in ${fmt(connectS)} s`);
    for (let s = 0; s < sessionCount; s++) {
      live.push({
        seeded: list[s] as SeededSession,
        clients: sockets.slice(s * size, (s + 1) * size),
        votes: 0,
        points: new Map(),
        current: null,
      });
    }
    await waitForQuiet(sockets, 1000, 60_000);
    const afterJoin = readRss(server.pid());

    // 3. Hold: one vote per session every intervalMs, staggered over the interval.
    const allOthers: number[] = [];
    const perClient: number[] = [];
    /** [seconds since hold start when the vote was sent, all-others latency] for the timeline. */
    const timeline: [number, number][] = [];
    let holdStart = performance.now();
    let incomplete = 0;
    let sent = 0;
    for (const session of live) {
      for (const c of session.clients) {
        c.listener = (msg, at) => {
          const cur = session.current;
          if (!cur || c === cur.voter || msg.type !== "vote_update" || msg.voterKey !== cur.voter.voterKey) return;
          if (cur.received.has(c)) return;
          cur.received.add(c);
          perClient.push(at - cur.t0);
          cur.last = at;
          if (cur.received.size === session.clients.length - 1) {
            allOthers.push(cur.last - cur.t0);
            timeline.push([(cur.t0 - holdStart) / 1000, cur.last - cur.t0]);
            session.current = null;
          }
        };
      }
    }
    const vote = (session: LiveSession) => {
      if (session.current) incomplete++;
      const voter = session.clients[session.votes % session.clients.length] as BenchSocket;
      session.votes++;
      if (!voter.isOpen) return;
      const next = session.points.get(voter) === 3 ? 5 : 3;
      session.points.set(voter, next);
      session.current = { voter, t0: performance.now(), received: new Set(), last: 0 };
      voter.send({ type: "vote_update", storyId: session.seeded.storyId, points: next });
      sent++;
    };
    const pid = server.pid();
    const cpuBefore = cpuSeconds(pid);
    const benchCpuBefore = process.cpuUsage();
    // The clients' own event-loop delay: high values mean latency added on the client side.
    const loopDelay = monitorEventLoopDelay({ resolution: 2 });
    loopDelay.enable();
    holdStart = performance.now();
    let peakRss = afterJoin.rssMb;
    let serverGone = false;
    const rssTimer = setInterval(() => {
      const now = readRss(pid).rssMb;
      if (Number.isNaN(now)) serverGone = true;
      else peakRss = Math.max(peakRss, now);
    }, 1000);
    await voteOnSchedule(live, vote, intervalMs, holdMs); // and 2 s for the last votes to arrive
    clearInterval(rssTimer);
    const holdS = (performance.now() - holdStart) / 1000;
    const cpuPct = ((cpuSeconds(pid) - cpuBefore) / holdS) * 100;
    loopDelay.disable();
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const benchCpuPct = ((benchCpu.user + benchCpu.system) / 1e6 / holdS) * 100;
    const end = readRss(pid);
    if (Number.isNaN(end.rssMb)) serverGone = true;
    else peakRss = Math.max(peakRss, end.rssMb);
    if (serverGone) console.error("!! the server process died during the hold");
    const held = sockets.filter((s) => s.isOpen).length;
    const leftOver = live.filter((s) => s.current !== null).length;
    const fan = summarize(allOthers);
    const client = summarize(perClient);

    console.log("");
    console.log(
      table([
        ["metric", "value", "target"],
        ["database", kind, ""],
        ["connections established", `${established} / ${total}`, `${total}`],
        ["connections held at end of hold", `${held} / ${total}`, `${total}`],
        ["setup: seed / connect+join", `${fmt(seedS)} s / ${fmt(connectS)} s`, "< 180 s"],
        ["join latency p50 / p99 (ms)", `${fmt(summarize(joinMs).p50)} / ${fmt(summarize(joinMs).p99)}`, ""],
        ["server RSS after joins (MB)", fmt(afterJoin.rssMb), ""],
        ["server RSS peak during hold (MB)", fmt(peakRss), `<= ${RSS_TARGET_MB}`],
        ["server RSS at end of hold (MB)", fmt(end.rssMb), `<= ${RSS_TARGET_MB}`],
        ["server VmHWM whole run (MB)", fmt(end.hwmMb), ""],
        ["server CPU during hold (% of one core)", fmt(cpuPct, 0), ""],
        ["bench (clients) CPU during hold (% of one core)", fmt(benchCpuPct, 0), ""],
        [
          "bench event-loop delay p99 / max (ms)",
          // samples include the 2 ms timer period
          `${fmt(loopDelay.percentile(99) / 1e6 - 2)} / ${fmt(loopDelay.max / 1e6 - 2)}`,
          "",
        ],
        ["votes sent / fully delivered", `${sent} / ${allOthers.length}`, ""],
        ["votes not complete before the next", `${incomplete + leftOver}`, "0"],
        ["fan-out all others p50 / p99 / max (ms)", `${fmt(fan.p50, 2)} / ${fmt(fan.p99, 2)} / ${fmt(fan.max, 2)}`, ""],
        ["per-client delivery p50 / p99 (ms)", `${fmt(client.p50, 2)} / ${fmt(client.p99, 2)}`, ""],
      ]),
    );
    const windowS = 5;
    const rows: string[][] = [["hold window (s)", "votes", "p50 ms", "p99 ms", "max ms"]];
    for (let w = 0; w * windowS < holdMs / 1000; w++) {
      const inWindow = timeline.filter(([at]) => at >= w * windowS && at < (w + 1) * windowS).map(([, ms]) => ms);
      const sw = summarize(inWindow);
      rows.push([`${w * windowS}-${(w + 1) * windowS}`, String(sw.n), fmt(sw.p50, 1), fmt(sw.p99, 1), fmt(sw.max, 1)]);
    }
    console.log("\nFan-out (all others) per window of the hold, by send time:");
    console.log(table(rows));
    const pass = !serverGone && held === total && established === total && peakRss <= RSS_TARGET_MB;
    console.log(`\n${pass ? "PASS" : "MISS"}: all held and RSS <= ${RSS_TARGET_MB} MB`);
    console.log(`Total time ${fmt((performance.now() - started) / 1000)} s; load average ${loadAverage()}`);
  } finally {
    // Stop the server first: 10,000 client closes would each cost it a presence update.
    await server.stop();
    for (const s of sockets) s.ws.terminate();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
