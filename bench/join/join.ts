import { performance } from "node:perf_hooks";
import { ApiClient, mapLimit, registerUser } from "../lib/http";
import { loadAverage, option } from "../lib/options";
import { allowRoomSizes, type BenchServer, cpuSeconds, type DbKind, startServer } from "../lib/server";
import { fmt, summarize, table } from "../lib/stats";
import { BenchSocket, waitForQuiet } from "../lib/wsClient";

/** Target of issue #10: 500 clients join one session in at most this many seconds. */
const TARGET_500_S = 5;

/**
 * Target of issue #24 section 3: the bytes every client receives during a 500-person burst
 * (snapshots and deltas, all clients together) at most this many MB (10^6 bytes).
 */
const TARGET_500_MB = 20;

/** Target of issue #24 section 3: join time at N = 500 at most this many times the time at N = 50 (same run). */
const TARGET_500_OVER_50 = 12;

/** A session waiting for its joiners, with the leader's socket already in it. */
interface Room {
  n: number;
  sessionId: string;
  leader: ApiClient;
}

/** Figures of one (database, N) run. */
interface Result {
  db: DbKind;
  n: number;
  wallS: number;
  cpuMs: number;
  /** This (client) process's CPU over the same span (ms): the clients parse every frame. */
  clientCpuMs: number;
  restP50: number;
  wsP50: number;
  snapshotFrames: number;
  snapshotBytes: number;
  otherFrames: number;
  otherBytes: number;
  types: Map<string, number>;
  loadStart: string;
  loadEnd: string;
}

/** Creates the session (with one story, as a planning session has) for the leader and N-1 guests. */
async function createRoom(server: BenchServer, n: number): Promise<Room> {
  const leader = new ApiClient(server.baseUrl);
  await registerUser(leader, `join${n}`);
  const session = await leader.post<{ id: string }>("/api/sessions", {
    title: `Join N=${n}`,
    maxParticipants: Math.min(n, 100),
  });
  await leader.post(`/api/sessions/${session.id}/stories`, { title: "Story" });
  return { n, sessionId: session.id, leader };
}

/** Joins N-1 guests to the room (REST, then WebSocket) and measures the server and the clients. */
async function joinRoom(server: BenchServer, room: Room, concurrency: number): Promise<Result> {
  const loadStart = loadAverage();
  const leaderSocket = new BenchSocket(server.wsUrl, room.leader.cookieHeader());
  await leaderSocket.join(room.sessionId);
  await waitForQuiet([leaderSocket], 300);
  const { csrfToken } = await new ApiClient(server.baseUrl).request<{ csrfToken: string }>("GET", "/api/csrf-token");
  const sockets: BenchSocket[] = [leaderSocket];
  const types = new Map<string, number>();
  let snapshotFrames = 0;
  let snapshotBytes = 0;
  const count = (msg: { type: string }, bytes: number) => {
    types.set(msg.type, (types.get(msg.type) ?? 0) + 1);
    if (msg.type === "session_snapshot") {
      snapshotFrames++;
      snapshotBytes += bytes;
    }
  };
  leaderSocket.listener = (msg, _at, bytes) => count(msg, bytes);
  const framesBefore = leaderSocket.frames;
  const bytesBefore = leaderSocket.bytes;
  const rest: number[] = [];
  const ws: number[] = [];
  const cpuStart = cpuSeconds(server.pid());
  const clientStart = process.cpuUsage();
  const t0 = performance.now();
  await mapLimit(
    Array.from({ length: room.n - 1 }, (_, i) => i),
    concurrency,
    async (i) => {
      const r0 = performance.now();
      const res = await fetch(`${server.baseUrl}/api/sessions/${room.sessionId}/join-anonymous`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `csrf-token=${csrfToken}`, "x-csrf-token": csrfToken },
        body: JSON.stringify({ displayName: `Guest ${i + 1}` }),
      });
      if (!res.ok) throw new Error(`join-anonymous -> ${res.status} ${await res.text()}`);
      const { participantToken } = (await res.json()) as { participantToken: string };
      const w0 = performance.now();
      rest.push(w0 - r0);
      const socket = new BenchSocket(server.wsUrl);
      sockets.push(socket);
      // Counted from the first frame on (BenchSocket.join swaps its own listener in and restores this one).
      socket.listener = (msg, _at, bytes) => count(msg, bytes);
      await socket.join(room.sessionId, participantToken, 120_000);
      ws.push(performance.now() - w0);
    },
  );
  const wallS = (performance.now() - t0) / 1000;
  await waitForQuiet(sockets, 1000, 60_000);
  const cpuMs = (cpuSeconds(server.pid()) - cpuStart) * 1000;
  const client = process.cpuUsage(clientStart);
  for (const s of sockets) s.listener = undefined;
  const frames = sockets.reduce((n, s) => n + s.frames, 0) - framesBefore;
  const bytes = sockets.reduce((n, s) => n + s.bytes, 0) - bytesBefore;
  // The snapshots join() waited for (its own listener took them): one per joiner.
  for (const s of sockets.slice(1)) {
    snapshotFrames++;
    snapshotBytes += s.snapshotBytes;
  }
  types.set("session_snapshot", (types.get("session_snapshot") ?? 0) + sockets.length - 1);
  await Promise.all(sockets.map((s) => s.close()));
  return {
    db: server.kind,
    n: room.n,
    wallS,
    cpuMs,
    clientCpuMs: (client.user + client.system) / 1000,
    restP50: summarize(rest).p50,
    wsP50: summarize(ws).p50,
    snapshotFrames,
    snapshotBytes,
    otherFrames: frames - snapshotFrames,
    otherBytes: bytes - snapshotBytes,
    types,
    loadStart,
    loadEnd: loadAverage(),
  };
}

/** Runs every N on one database with its own server child. */
async function runDatabase(kind: DbKind, sizes: number[], concurrency: number): Promise<Result[]> {
  const server = await startServer(kind);
  const results: Result[] = [];
  try {
    const rooms: Room[] = [];
    for (const n of sizes) rooms.push(await createRoom(server, n));
    await allowRoomSizes(server, rooms);
    for (const room of rooms) {
      const r = await joinRoom(server, room, concurrency);
      console.log(
        `  ${kind} N=${r.n}: all joined in ${fmt(r.wallS, 2)} s, server CPU ${fmt(r.cpuMs, 0)} ms; load ${r.loadStart} -> ${r.loadEnd}`,
      );
      console.log(`    frames by type: ${[...r.types].map(([t, c]) => `${t} ${c}`).join(", ")}`);
      results.push(r);
    }
  } finally {
    await server.stop();
  }
  return results;
}

/** Entry point: runs the configured databases and sizes and prints the table. */
async function main(): Promise<void> {
  const dbs = option("db", "BENCH_DBS", "pglite,postgres").split(",") as DbKind[];
  const sizes = option("n", "BENCH_SIZES", "50,100,500").split(",").map(Number);
  const concurrency = Number(option("concurrency", "BENCH_CONCURRENCY", "32"));
  const started = performance.now();
  console.log(
    `Join: N = ${sizes.join(", ")} clients (leader connected first, N-1 guests: REST join, then WebSocket join; ${concurrency} in flight) into a session whose leader is connected; databases: ${dbs.join(", ")}; load average ${loadAverage()}`,
  );
  const all: Result[] = [];
  for (const kind of dbs) all.push(...(await runDatabase(kind, sizes, concurrency)));

  console.log("\n'wall' = first join started -> every joiner has its snapshot; 'CPU' = server child user+system");
  console.log("until the room is quiet; 'pairs' = N(N-1)/2 (each join's members already there: leader + earlier");
  console.log("joiners); 'delta' = every frame but the snapshots; 'total MB' = snapshots + deltas, every client");
  console.log("together (issue #24 section 3: <= 20 MB at N = 500, and N = 500 within 12x the time of N = 50).\n");
  console.log(
    table([
      [
        "db",
        "N",
        "wall s",
        "REST p50 ms",
        "WS join p50 ms",
        "CPU ms",
        "CPU ms/join",
        "client CPU ms",
        "snapshots",
        "snapshot MB",
        "delta frames",
        "delta MB",
        "frames/pair",
        "bytes/pair",
        "total MB",
        "load start",
        "load end",
        `<= ${TARGET_500_S} s`,
        `<= ${TARGET_500_MB} MB`,
        `<= ${TARGET_500_OVER_50}x N=50`,
      ],
      ...all.map((r) => {
        const pairs = (r.n * (r.n - 1)) / 2;
        const totalMb = (r.snapshotBytes + r.otherBytes) / 1e6;
        const at500 = r.n === 500;
        const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");
        const base = all.find((b) => b.db === r.db && b.n === 50);
        return [
          r.db,
          String(r.n),
          fmt(r.wallS, 2),
          fmt(r.restP50, 1),
          fmt(r.wsP50, 1),
          fmt(r.cpuMs, 0),
          fmt(r.cpuMs / (r.n - 1), 2),
          fmt(r.clientCpuMs, 0),
          String(r.snapshotFrames),
          fmt(r.snapshotBytes / 1e6, 2),
          String(r.otherFrames),
          fmt(r.otherBytes / 1e6, 2),
          fmt(r.otherFrames / pairs, 2),
          fmt(r.otherBytes / pairs, 0),
          fmt(totalMb, 2),
          r.loadStart,
          r.loadEnd,
          at500 ? verdict(r.wallS <= TARGET_500_S) : "",
          at500 ? verdict(totalMb <= TARGET_500_MB) : "",
          at500 && base
            ? `${verdict(r.wallS <= TARGET_500_OVER_50 * base.wallS)} ${fmt(r.wallS / base.wallS, 1)}x`
            : "",
        ];
      }),
    ]),
  );
  console.log(`\nTotal time ${fmt((performance.now() - started) / 1000)} s; load average ${loadAverage()}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
