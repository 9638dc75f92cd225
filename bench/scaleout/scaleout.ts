import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import pg from "pg";
import WebSocket from "ws";
import { BackendCpu } from "../lib/backendCpu";
import { mapLimit } from "../lib/http";
import { loadAverage, option } from "../lib/options";
import { voteOnSchedule } from "../lib/schedule";
import { type SeededSession, seedSessions } from "../lib/seedSessions";
import { type BenchServer, cpuSeconds, execSql, startServer } from "../lib/server";
import { fmt, percentile, table } from "../lib/stats";

/** The hub's NOTIFY channel (api/src/realtime/hub.ts). */
const CHANNEL = "pointwise_events";
const TARGET_P99_MS = 50;
const CONNECT_CONCURRENCY = 100;
const VOTE_PREFIX = Buffer.from('{"type":"vote_update"');
const SNAPSHOT_PREFIX = Buffer.from('{"type":"session_snapshot"');
const ERROR_PREFIX = Buffer.from('{"type":"error"');

/** Whether `data` begins with `prefix` (no decoding). */
const startsWith = (data: Buffer, prefix: Buffer) =>
  data.length >= prefix.length && data.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

/** One guest: its socket, the process it is connected to, and its voter key as a buffer. */
interface Member {
  ws: WebSocket;
  proc: number;
  token: string;
  voterKey: Buffer;
}

/** The vote in flight in a session. */
interface Pending {
  voter: number;
  t0: number;
  received: number;
  sameMax: number;
  crossMax: number;
}

/** A session during the hold. */
interface LiveSession {
  seeded: SeededSession;
  members: Member[];
  votes: number;
  points: number[];
  current: Pending | null;
}

/** Samples of the hold, in ms. */
interface Samples {
  allOthers: number[];
  crossAllOthers: number[];
  same: number[];
  cross: number[];
  ack: number[];
}

/**
 * Opens one guest socket to `wsUrl` and joins `sessionId` with its token.
 * @throws Error on an `error` frame, a close or no snapshot within `timeoutMs`
 */
function connectMember(wsUrl: string, sessionId: string, token: string, timeoutMs = 60_000): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error("no session_snapshot in time")), timeoutMs);
    ws.on("error", (err) => reject(err));
    ws.once("close", (code) => reject(new Error(`closed (${code}) before the snapshot`)));
    ws.once("open", () => ws.send(JSON.stringify({ type: "join_session", sessionId, participantToken: token })));
    const onJoin = (data: Buffer) => {
      if (startsWith(data, SNAPSHOT_PREFIX)) {
        clearTimeout(timer);
        ws.off("message", onJoin);
        resolve(ws);
      } else if (startsWith(data, ERROR_PREFIX)) {
        clearTimeout(timer);
        reject(new Error(`join refused: ${data.toString().slice(0, 200)}`));
      }
    };
    ws.on("message", onJoin);
  });
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
      // Payload: `<instanceId>|<sessionId>|<frame>` or `...|@<realtime_events id>` (hub.ts).
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
  const via = option("via", "BENCH_VIA", "rest");
  if (via !== "rest" && via !== "ws") throw new Error("--via is rest or ws");
  const total = sessionCount * size;
  const started = performance.now();
  console.log(
    `Scale-out: 2 server processes on one PostgreSQL database, ${total} participants in ${sessionCount} sessions of ${size} ` +
      `(split across both), one vote per session every ${intervalMs} ms via ${via === "rest" ? "REST POST /api/votes" : "WebSocket vote_update"} ` +
      `for ${holdMs / 1000} s; load average ${loadAverage()}`,
  );

  const env = { WS_MAX_SOCKETS_PER_IP: "100000000" };
  const servers: BenchServer[] = [];
  let sockets: WebSocket[] = [];
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

    t = performance.now();
    const joinCpuBefore = pids.map(cpuSeconds);
    const flat = list.flatMap((s, si) => s.tokens.map((token, pi) => ({ si, pi, token })));
    let failures = 0;
    const live: LiveSession[] = list.map((seeded) => ({
      seeded,
      members: [],
      votes: 0,
      points: new Array<number>(size).fill(0),
      current: null,
    }));
    await mapLimit(flat, CONNECT_CONCURRENCY, async ({ si, pi, token }) => {
      const seeded = list[si] as SeededSession;
      const proc = (pi + si) % 2;
      try {
        const ws = await connectMember((servers[proc] as BenchServer).wsUrl, seeded.id, token);
        (live[si] as LiveSession).members[pi] = {
          ws,
          proc,
          token,
          voterKey: Buffer.from(`"voterKey":"p:${seeded.participantIds[pi]}"`),
        };
        sockets.push(ws);
      } catch (err) {
        if (failures++ < 5) console.warn(`  join failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    const connectS = (performance.now() - t) / 1000;
    const joinCpu = pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - (joinCpuBefore[i] ?? 0), 0);
    console.log(
      `  seeded in ${fmt(seedS)} s; ${sockets.length}/${total} joined in ${fmt(connectS)} s ` +
        `(servers' CPU ${fmt((joinCpu * 1000) / Math.max(1, sockets.length), 1)} ms per join; load average ${loadAverage()})`,
    );
    if (sockets.length < total) throw new Error("not every participant joined; see the warnings above");
    sockets = live.flatMap((s) => s.members.map((m) => m.ws));
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

    // A CSRF token (not bound to anyone) for the browser's double-submit pair.
    const csrfRes = await fetch(`${a.baseUrl}/api/csrf-token`);
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };

    const samples: Samples = { allOthers: [], crossAllOthers: [], same: [], cross: [], ack: [] };
    let incomplete = 0;
    let sent = 0;
    let refused = 0;
    const refusals = new Map<string, number>();
    for (const session of live) {
      session.members.forEach((member, mi) => {
        member.ws.on("message", (data: Buffer) => {
          const at = performance.now();
          const cur = session.current;
          if (!cur || mi === cur.voter || !startsWith(data, VOTE_PREFIX)) return;
          const voter = session.members[cur.voter] as Member;
          if (!data.includes(voter.voterKey)) return;
          const ms = at - cur.t0;
          if (member.proc === voter.proc) {
            samples.same.push(ms);
            cur.sameMax = Math.max(cur.sameMax, ms);
          } else {
            samples.cross.push(ms);
            cur.crossMax = Math.max(cur.crossMax, ms);
          }
          if (++cur.received === size - 1) {
            samples.allOthers.push(Math.max(cur.sameMax, cur.crossMax));
            samples.crossAllOthers.push(cur.crossMax);
            session.current = null;
          }
        });
      });
    }
    const refuse = (why: string) => {
      refused++;
      refusals.set(why, (refusals.get(why) ?? 0) + 1);
    };
    const vote = (session: LiveSession) => {
      if (session.current) incomplete++;
      const voterIndex = session.votes % size;
      session.votes++;
      const voter = session.members[voterIndex] as Member;
      const points = session.points[voterIndex] === 3 ? 5 : 3;
      session.points[voterIndex] = points;
      const t0 = performance.now();
      session.current = { voter: voterIndex, t0, received: 0, sameMax: 0, crossMax: 0 };
      sent++;
      const body = JSON.stringify({ storyId: session.seeded.storyId, points });
      if (via === "ws") {
        voter.ws.send(JSON.stringify({ type: "vote_update", storyId: session.seeded.storyId, points }));
        return;
      }
      fetch(`${(servers[voter.proc] as BenchServer).baseUrl}/api/votes`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: `pt_${session.seeded.id}=${voter.token}; csrf-token=${csrfToken}`,
          "x-csrf-token": csrfToken,
        },
        body,
      }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.ok) samples.ack.push(performance.now() - t0);
          else refuse(`HTTP ${res.status}`);
        },
        (err: unknown) => {
          const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
          refuse(err instanceof Error ? `${err.message}${cause}` : String(err));
        },
      );
    };

    // Hold.
    const loadStart = loadAverage();
    const cpuBefore = pids.map(cpuSeconds);
    await backends.sample(true);
    const clientCpuBefore = process.cpuUsage();
    const loopDelay = monitorEventLoopDelay({ resolution: 2 });
    loopDelay.enable();
    notifies.counting = true;
    const holdStart = performance.now();
    const sampler = setInterval(() => void backends.sample().catch(() => undefined), 1000);
    await voteOnSchedule(live, vote, intervalMs, holdMs); // and 2 s for the last votes to arrive
    clearInterval(sampler);
    await backends.sample();
    notifies.counting = false;
    const holdS = (performance.now() - holdStart) / 1000;
    loopDelay.disable();
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCpu = pids.map((pid, i) => cpuSeconds(pid) - (cpuBefore[i] ?? 0));
    const pgCpu = backends.used();
    const leftOver = live.filter((s) => s.current !== null).length;
    const held = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    const delivered = samples.allOthers.length;
    // Per committed vote: each one is published (one vote_update NOTIFY) after its commit, so
    // votes refused or still queued when the hold ends do not dilute the costs.
    const committed = notifies.byType.get("vote_update")?.count ?? 0;
    const perVote = (x: number) => x / Math.max(1, committed);
    const pct = (seconds: number) => `${fmt((seconds / holdS) * 100, 0)} %`;

    console.log(`\nLatency (ms) from just before the vote is sent. Votes sent ${sent} (${fmt(sent / holdS, 0)}/s),`);
    console.log(
      `fully delivered ${delivered}, not complete before the session's next vote ${incomplete + leftOver}, refused ${refused}` +
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
          "load client CPU (% of one core)",
          pct((clientCpu.user + clientCpu.system) / 1e6) +
            `; event-loop delay p99 ${fmt(loopDelay.percentile(99) / 1e6 - 2, 1)} ms, max ${fmt(loopDelay.max / 1e6 - 2, 1)} ms`,
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
    for (const s of sockets) s.terminate();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
