import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { BackendCpu } from "../lib/backendCpu";
import { loadAverage, option } from "../lib/options";
import { seedSessions } from "../lib/seedSessions";
import { type BenchServer, cpuSeconds, execSql, startServer } from "../lib/server";
import { fmt, percentile, table } from "../lib/stats";
import type { LoadClientData, LoadClientMessage, PhaseReport, Samples } from "./loadClient";

/** The hub's NOTIFY channel (api/src/realtime/broker.ts). */
const CHANNEL = "pointwise_events";
const TARGET_P99_MS = 50;
const CONNECT_CONCURRENCY = 100;

/** The message of a type a load client sends: its join count, or a phase's report. */
type MessageOf<T extends LoadClientMessage["type"]> = T extends PhaseReport["type"]
  ? PhaseReport
  : Exclude<LoadClientMessage, PhaseReport>;

/** A load client worker and a way to wait for its next message. */
class LoadClient {
  readonly worker: Worker;
  private readonly inbox: LoadClientMessage[] = [];
  private waiting: { resolve(m: LoadClientMessage): void; reject(err: Error): void } | null = null;
  private failed: Error | null = null;

  constructor(data: LoadClientData) {
    this.worker = new Worker(path.join(__dirname, "loadClient.ts"), { workerData: data });
    this.worker.on("message", (m: LoadClientMessage) => {
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting) waiting.resolve(m);
      else this.inbox.push(m);
    });
    const fail = (err: Error) => {
      this.failed ??= err;
      this.waiting?.reject(err);
      this.waiting = null;
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`load client exited with ${code}`)));
  }

  /**
   * The worker's next message, which must be of `type`.
   * @throws Error when the worker failed or exited, or sent another message
   */
  async next<T extends LoadClientMessage["type"]>(type: T): Promise<MessageOf<T>> {
    const m =
      this.inbox.shift() ??
      (await new Promise<LoadClientMessage>((resolve, reject) => {
        if (this.failed) reject(this.failed);
        else this.waiting = { resolve, reject };
      }));
    if (m.type !== type) throw new Error(`load client: ${m.type} instead of ${type}`);
    return m as MessageOf<T>;
  }
}

/** Counts the NOTIFYs on the hub's channel while `counting` is set: number, bytes, by message type. */
class NotifyCounter {
  counting = false;
  count = 0;
  bytes = 0;
  readonly byType = new Map<string, { count: number; bytes: number }>();

  constructor(client: pg.Client) {
    client.on("notification", (n) => {
      if (!this.counting || n.channel !== CHANNEL) return;
      const payload = n.payload ?? "";
      const size = Buffer.byteLength(payload);
      this.count++;
      this.bytes += size;
      // Payload: `<instanceId>|<sessionId>|<frame>` or `...|@<realtime_events id>` (realtime/broker.ts).
      const frame = payload.slice(payload.indexOf("|", payload.indexOf("|") + 1) + 1);
      const type = frame.startsWith("@") ? "(table row)" : (/^\{"type":"(\w+)"/.exec(frame)?.[1] ?? "?");
      const entry = this.byType.get(type) ?? { count: 0, bytes: 0 };
      entry.count++;
      entry.bytes += size;
      this.byType.set(type, entry);
    });
  }
}

/** p50/p95/p99/max of a sample, formatted. */
function row(label: string, sample: number[]): string[] {
  const sorted = [...sample].sort((a, b) => a - b);
  return [
    label,
    String(sorted.length),
    ...[0.5, 0.95, 0.99].map((q) => fmt(percentile(sorted, q), 1)),
    fmt(sorted[sorted.length - 1] ?? Number.NaN, 1),
  ];
}

/** Entry point: two servers, seed, connect, hold with votes, report. */
async function main(): Promise<void> {
  const sessionCount = Number(option("sessions", "BENCH_SESSIONS", "1000"));
  const size = Number(option("size", "BENCH_SESSION_SIZE", "10"));
  const holdMs = Number(option("seconds", "BENCH_HOLD_S", "60")) * 1000;
  const intervalMs = Number(option("interval", "BENCH_VOTE_MS", "3000"));
  const warmupMs = Number(option("warmup", "BENCH_WARMUP_S", "3")) * 1000;
  const clientCount = Math.max(
    1,
    Number(option("clients", "BENCH_CLIENTS", String(Math.min(2, os.availableParallelism())))),
  );
  const via = option("via", "BENCH_VIA", "rest");
  if (via !== "rest" && via !== "ws") throw new Error("--via is rest or ws");
  const total = sessionCount * size;
  const started = performance.now();
  console.log(
    `Scale-out: 2 server processes on one PostgreSQL database, ${total} participants in ${sessionCount} sessions of ${size} ` +
      `(split across both), one vote per session every ${intervalMs} ms via ${via === "rest" ? "REST POST /api/votes" : "WebSocket vote_update"} ` +
      `for ${holdMs / 1000} s after a ${warmupMs / 1000} s warm-up, ${clientCount} load client thread(s); load average ${loadAverage()}`,
  );

  const env = { WS_MAX_SOCKETS_PER_IP: "100000000" };
  const servers: BenchServer[] = [];
  const clients: LoadClient[] = [];
  const admin: pg.Client[] = [];
  try {
    // Sequential: A applies the migrations, B finds them applied.
    const a = await startServer("postgres", env);
    servers.push(a);
    servers.push(await startServer("postgres", env, a));
    const pids = servers.map((s) => s.pid());
    console.log(`  servers: pid ${pids.join(", ")} on ports ${servers.map((s) => s.port).join(", ")}`);

    let t = performance.now();
    const { statements, list } = seedSessions(sessionCount, size);
    await execSql(a, statements);
    const seedS = (performance.now() - t) / 1000;

    const csrfRes = await fetch(`${a.baseUrl}/api/csrf-token`);
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };

    // Sessions dealt round-robin: each client's share is spread over the whole schedule.
    t = performance.now();
    const joinCpuBefore = pids.map(cpuSeconds);
    for (let c = 0; c < clientCount; c++) {
      clients.push(
        new LoadClient({
          sessions: list.flatMap((seeded, slot) => (slot % clientCount === c ? [{ slot, seeded }] : [])),
          totalSessions: sessionCount,
          size,
          intervalMs,
          holdMs,
          via,
          servers: servers.map((s) => ({ wsUrl: s.wsUrl, port: s.port })),
          csrfToken,
          connectConcurrency: Math.ceil(CONNECT_CONCURRENCY / clientCount),
          slowMs: TARGET_P99_MS,
          warmupMs,
        }),
      );
    }
    let joined = 0;
    for (const client of clients) {
      const m = await client.next("joined");
      joined += m.joined;
      for (const failure of m.failures) console.warn(`  join failed: ${failure}`);
    }
    const connectS = (performance.now() - t) / 1000;
    const joinCpu = pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - (joinCpuBefore[i] ?? 0), 0);
    console.log(
      `  seeded in ${fmt(seedS)} s; ${joined}/${total} joined in ${fmt(connectS)} s ` +
        `(servers' CPU ${fmt((joinCpu * 1000) / Math.max(1, joined), 1)} ms per join; load average ${loadAverage()})`,
    );
    if (joined < total) throw new Error("not every participant joined; see the warnings above");
    await new Promise((r) => setTimeout(r, 3000)); // join pushes settle

    // The bench's own LISTEN connection and the backends' CPU.
    const listener = new pg.Client({ connectionString: a.databaseUrl });
    const probe = new pg.Client({ connectionString: a.databaseUrl });
    admin.push(listener, probe);
    await listener.connect();
    await probe.connect();
    const notifies = new NotifyCounter(listener);
    await listener.query(`LISTEN ${CHANNEL}`);
    const backends = new BackendCpu(probe);

    // Warm-up: the hold's schedule for `--warmup` seconds, reported apart.
    for (const client of clients) client.worker.postMessage("start");
    const warm: Samples = { allOthers: [], crossAllOthers: [], same: [], cross: [], ack: [], slowAt: [] };
    let warmSent = 0;
    for (const client of clients) {
      const m = await client.next("warmed");
      warmSent += m.sent;
      for (const x of m.samples.allOthers) warm.allOthers.push(x);
    }
    if (warmupMs > 0) {
      const sorted = [...warm.allOthers].sort((x, y) => x - y);
      console.log(
        `  warm-up (${warmupMs / 1000} s, not counted below): ${warmSent} votes, ${sorted.length} fully delivered, ` +
          `all others p50 ${fmt(percentile(sorted, 0.5), 1)} / p99 ${fmt(percentile(sorted, 0.99), 1)} / ` +
          `max ${fmt(sorted[sorted.length - 1] ?? Number.NaN, 1)} ms`,
      );
    }

    // Hold.
    const loadStart = loadAverage();
    const cpuBefore = pids.map(cpuSeconds);
    await backends.sample(true);
    const clientCpuBefore = process.cpuUsage();
    notifies.counting = true;
    const holdStart = performance.now();
    const holdStartedAt = new Date();
    const sampler = setInterval(() => void backends.sample().catch(() => undefined), 1000);
    for (const client of clients) client.worker.postMessage("hold");
    const reports = [];
    for (const client of clients) {
      reports.push(await client.next("done"));
    }
    clearInterval(sampler);
    await backends.sample();
    notifies.counting = false;
    const holdS = (performance.now() - holdStart) / 1000;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCpu = pids.map((pid, i) => cpuSeconds(pid) - (cpuBefore[i] ?? 0));
    const pgCpu = backends.used();

    const samples: Samples = { allOthers: [], crossAllOthers: [], same: [], cross: [], ack: [], slowAt: [] };
    const refusals = new Map<string, number>();
    let sent = 0;
    let incomplete = 0;
    let held = 0;
    for (const r of reports) {
      for (const key of Object.keys(samples) as (keyof Samples)[]) {
        for (const x of r.samples[key]) samples[key].push(x);
      }
      for (const [why, n] of r.refusals) refusals.set(why, (refusals.get(why) ?? 0) + n);
      sent += r.sent;
      incomplete += r.incomplete;
      held += r.held;
    }
    const refused = [...refusals.values()].reduce((x, y) => x + y, 0);
    const delivered = samples.allOthers.length;
    // Per committed vote: each one is published (one vote_update NOTIFY) after its commit, so
    // votes refused or still queued when the hold ends do not dilute the costs.
    const committed = notifies.byType.get("vote_update")?.count ?? 0;
    const perVote = (x: number) => x / Math.max(1, committed);
    const pct = (seconds: number) => `${fmt((seconds / holdS) * 100, 0)} %`;

    console.log(`\nLatency (ms) from just before the vote is sent. Votes sent ${sent} (${fmt(sent / holdS, 0)}/s),`);
    console.log(
      `fully delivered ${delivered}, not complete before the session's next vote ${incomplete}, refused ${refused}` +
        `${refusals.size ? ` (${[...refusals].map(([k, v]) => `${k}: ${v}`).join(", ")})` : ""}; sockets held ${held}/${total}.\n`,
    );
    const allP99 = percentile(
      [...samples.allOthers].sort((x, y) => x - y),
      0.99,
    );
    console.log(
      table([
        ["", "n", "p50", "p95", "p99", "max"],
        row("all others (max over the members, per vote)", samples.allOthers),
        row("  cross-process members only (per vote)", samples.crossAllOthers),
        row("every delivery", [...samples.same, ...samples.cross]),
        row("  same process as the voter", samples.same),
        row("  other process (via NOTIFY)", samples.cross),
        ...(via === "rest" ? [row("REST answer to the voter", samples.ack)] : []),
      ]),
    );
    // Whether the slow votes are spread over the hold or bunched in a few stalls.
    const slowBySecond = new Map<number, number>();
    for (const at of samples.slowAt) slowBySecond.set(Math.floor(at), (slowBySecond.get(Math.floor(at)) ?? 0) + 1);
    console.log(
      `\nVotes slower than ${TARGET_P99_MS} ms to reach all others: ${samples.slowAt.length} ` +
        `(hold started ${holdStartedAt.toISOString()}) ` +
        `(${fmt((samples.slowAt.length / Math.max(1, delivered)) * 100, 2)} %), by second of the hold sent in: ` +
        ([...slowBySecond]
          .sort((x, y) => x[0] - y[0])
          .map(([second, n]) => `${second}s:${n}`)
          .join(" ") || "none"),
    );
    const cpuTotal = serverCpu.reduce((s, x) => s + x, 0);
    console.log("");
    console.log(
      table([
        ["during the hold", "value"],
        ["hold (s)", fmt(holdS, 1)],
        ["votes committed (vote_update NOTIFYs; the 'per vote' below)", `${committed} of ${sent} sent`],
        ...serverCpu.map((c, i) => [
          `server ${i === 0 ? "A" : "B"} CPU (% of one core; ms per vote)`,
          `${pct(c)}; ${fmt(perVote(c) * 1000, 2)}`,
        ]),
        ["servers' CPU per vote (ms, both processes)", fmt(perVote(cpuTotal) * 1000, 2)],
        [
          `PostgreSQL backends of this database (${pgCpu.backends}): CPU, ms per vote`,
          `${pct(pgCpu.seconds)}; ${fmt(perVote(pgCpu.seconds) * 1000, 2)}`,
        ],
        [
          `load clients' CPU (% of one core, ${clientCount} thread(s))`,
          pct((clientCpu.user + clientCpu.system) / 1e6) +
            `; event-loop delay p99 ${reports.map((r) => fmt(r.loopP99, 1)).join(" / ")} ms, ` +
            `max ${reports.map((r) => fmt(r.loopMax, 1)).join(" / ")} ms`,
        ],
        ["NOTIFYs per vote", fmt(perVote(notifies.count), 2)],
        ["NOTIFY payload bytes per vote", fmt(perVote(notifies.bytes), 0)],
        ["NOTIFYs per second", fmt(notifies.count / holdS, 0)],
        ...[...notifies.byType].map(([type, e]) => [
          `  ${type}: count, bytes per NOTIFY`,
          `${e.count}, ${fmt(e.bytes / e.count, 0)}`,
        ]),
        ...[...backends.waits]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 6)
          .map(([key, n]) => [`  busy backends, mean per sample: ${key}`, fmt(n / Math.max(1, backends.samples), 2)]),
        ["load average at start of hold", loadStart],
        ["load average at end of hold", loadAverage()],
      ]),
    );
    const pass = allP99 <= TARGET_P99_MS && held === total && delivered === sent && refused === 0;
    console.log(
      `\n${pass ? "PASS" : "MISS"}: every vote delivered to all others, p99 <= ${TARGET_P99_MS} ms (all others ${fmt(allP99, 1)} ms)`,
    );
    console.log(`Total time ${fmt((performance.now() - started) / 1000)} s; load average ${loadAverage()}`);
  } finally {
    for (const c of admin) await c.end().catch(() => undefined);
    // Stop the servers first: 10,000 client closes would each cost a presence update.
    for (const s of [...servers].reverse()) await s.stop();
    await Promise.all(clients.map((c) => c.worker.terminate()));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
