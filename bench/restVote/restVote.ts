/**
 * REST vote benchmark (`npm run bench:restvote`; issue #10 "REST vote").
 *
 * What it measures: the server's cost of a vote cast as the browser casts it (`POST /api/votes`
 * with the sign-in cookie or the guest's `pt_<sessionId>` cookie, plus the CSRF cookie and
 * header), against the same vote as a WebSocket `vote_update` frame, while every voter of the
 * session listens on its WebSocket (so each vote is also pushed to the room). For each
 * database (`--db pglite,postgres`) it runs, on one server child:
 *
 * 1. **closed loop, WS** and **closed loop, REST**: one worker per session, each casting votes
 *    back to back for `--seconds` (voters rotate over the session, alternating 3/5 points):
 *    votes/s, latency p50/p99 (request to answer / frame to ack), server CPU per vote;
 * 2. **sustained, REST**: an open loop at `--rate` votes/s for `--duration` s (votes are sent
 *    on schedule whether or not earlier ones answered; latency counts from the scheduled time,
 *    so a server that falls behind shows it): achieved rate, p50/p99/max, errors, CPU per vote.
 *    Once a second's worth of votes waits unanswered the loop stops sending (a miss, said so).
 *
 * Server CPU is user + system time of the server process (`/proc/<pid>/stat`) over the phase,
 * divided by the votes answered; on PGlite it includes the database, on PostgreSQL not.
 *
 * Setup through the API only: `--sessions` sessions (default 10); `--members` signed-in users
 * (default 5; each creates up to 2 sessions and joins every session) and `--guests` guests per
 * session (default 5, `join-anonymous`). Every voter holds one socket per session.
 *
 * Options (argv or env): --db pglite,postgres (BENCH_DBS), --sessions 10, --members 5,
 * --guests 5, --seconds 10 (BENCH_SECONDS), --rate 500 (BENCH_RATE), --duration 30
 * (BENCH_DURATION), --skip ws,rest,sustained (BENCH_SKIP), --client http|fetch (BENCH_CLIENT: how
 * REST votes are sent; `http` by default, `fetch` as before).
 *
 * The bench's own CPU is printed per phase too (`process.cpuUsage`): at 500 votes/s the load
 * client shares the 2 cores with the server and PostgreSQL, so it can be the limit.
 */
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { BackendCpu } from "../lib/backendCpu";
import { ApiClient, mapLimit, registerUser, sendBody } from "../lib/http";
import { loadAverage, option } from "../lib/options";
import { type BenchServer, cpuSeconds, type DbKind, startServer } from "../lib/server";
import { fmt, type Summary, summarize, table } from "../lib/stats";
import { BenchSocket, waitForQuiet } from "../lib/wsClient";

/** One voter of one session: how it votes over REST (headers) and its socket. */
interface Voter {
  sessionId: string;
  storyId: string;
  /** Cookie and CSRF headers as the browser sends them with `POST /api/votes`. */
  headers: Record<string, string>;
  socket: BenchSocket;
  points: number;
  /** The two request bodies it alternates between (3 and 5 points), built once. */
  bodies: { 3: Buffer; 5: Buffer };
}

/** Figures of one phase. */
interface Phase {
  db: DbKind;
  name: string;
  votes: number;
  errors: number;
  seconds: number;
  latency: Summary;
  cpuMsPerVote: number;
  /**
   * The same less the server's idle CPU over the phase (its rate measured just before the
   * phases: 50 sockets' pings, the presence heartbeat): at a few dozen votes/s on a loaded
   * machine the idle work would otherwise be charged to the votes.
   */
  netCpuMsPerVote: number;
  /**
   * PostgreSQL's backends of the server's database (user + system, `/proc`) per answered vote;
   * NaN on PGlite (the database is inside the server process, in its CPU).
   */
  pgMsPerVote: number;
  /** The bench process's own CPU (user + system) per answered vote, and as a share of one core. */
  clientMsPerVote: number;
  clientCore: number;
  loadStart: string;
  loadEnd: string;
}

/** Registers the members, creates the sessions and stories, joins everyone (REST and WS). */
async function setUp(server: BenchServer, sessions: number, members: number, guests: number): Promise<Voter[][]> {
  const users = await mapLimit(
    Array.from({ length: members }, (_, i) => i),
    4,
    async (i) => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client, `restvote${i}`);
      return client;
    },
  );
  const { csrfToken } = await new ApiClient(server.baseUrl).request<{ csrfToken: string }>("GET", "/api/csrf-token");
  const rooms: Voter[][] = [];
  for (let s = 0; s < sessions; s++) {
    const owner = users[s % members] as ApiClient;
    const session = await owner.post<{ id: string }>("/api/sessions", {
      title: `REST vote ${s}`,
      maxParticipants: 100,
    });
    const story = await owner.post<{ id: string }>(`/api/sessions/${session.id}/stories`, { title: "Story" });
    const room: Voter[] = [];
    for (const user of users) {
      if (user !== owner) await user.post(`/api/sessions/${session.id}/join`, {});
      const socket = new BenchSocket(server.wsUrl, user.cookieHeader());
      await socket.join(session.id);
      // The browser's own cookies (sign-in, CSRF) and the header copy of the CSRF token.
      const csrf = /(?:^|; )csrf-token=([^;]+)/.exec(user.cookieHeader())?.[1] ?? "";
      room.push({
        sessionId: session.id,
        storyId: story.id,
        headers: { cookie: user.cookieHeader(), "x-csrf-token": csrf, "content-type": "application/json" },
        socket,
        points: 3,
        bodies: bodiesOf(story.id),
      });
    }
    for (let g = 0; g < guests; g++) {
      const res = await fetch(`${server.baseUrl}/api/sessions/${session.id}/join-anonymous`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `csrf-token=${csrfToken}`, "x-csrf-token": csrfToken },
        body: JSON.stringify({ displayName: `Guest ${s}-${g}` }),
      });
      if (!res.ok) throw new Error(`join-anonymous -> ${res.status} ${await res.text()}`);
      const { participantToken } = (await res.json()) as { participantToken: string };
      const socket = new BenchSocket(server.wsUrl);
      await socket.join(session.id, participantToken);
      room.push({
        sessionId: session.id,
        storyId: story.id,
        headers: {
          cookie: `csrf-token=${csrfToken}; pt_${session.id}=${participantToken}`,
          "x-csrf-token": csrfToken,
          "content-type": "application/json",
        },
        socket,
        points: 3,
        bodies: bodiesOf(story.id),
      });
    }
    rooms.push(room);
  }
  return rooms;
}

/** The JSON bodies of a vote of 3 and of 5 points on `storyId`. */
const bodiesOf = (storyId: string): { 3: Buffer; 5: Buffer } => ({
  3: Buffer.from(JSON.stringify({ storyId, points: 3 })),
  5: Buffer.from(JSON.stringify({ storyId, points: 5 })),
});

/** How the bench sends REST votes: `http` (node:http, keep-alive agent, bodies built once) or `fetch`. */
type RestClient = "http" | "fetch";

/**
 * Keep-alive connections for the `http` client: requests reuse idle sockets (as a browser does),
 * and no more than this many are open at once (the rest queue in the agent, counted in latency).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One REST vote as the browser sends it; resolves true on 2xx. The `http` client skips
 * `fetch`'s WHATWG streams and header objects, so at 500/s the load client costs less of the
 * cores it shares with the server (README restvote: the client's CPU per vote is printed).
 */
async function restVote(server: BenchServer, voter: Voter, client: RestClient = "http"): Promise<boolean> {
  voter.points = voter.points === 3 ? 5 : 3;
  const body = voter.points === 3 ? voter.bodies[3] : voter.bodies[5];
  if (client === "fetch") {
    const res = await fetch(`${server.baseUrl}/api/votes`, { method: "POST", headers: voter.headers, body });
    await res.arrayBuffer();
    return res.ok;
  }
  const status = await sendBody(agent, server.port, "POST", "/api/votes", voter.headers, body);
  return status >= 200 && status < 300;
}

/** One WebSocket vote; resolves true on the ack, false on an error frame. */
function wsVote(voter: Voter): Promise<boolean> {
  voter.points = voter.points === 3 ? 5 : 3;
  const socket = voter.socket;
  return new Promise((resolve) => {
    const previous = socket.listener;
    socket.listener = (msg) => {
      if ((msg.type === "ack" && msg.for === "vote_update") || msg.type === "error") {
        socket.listener = previous;
        resolve(msg.type === "ack");
      }
    };
    socket.send({ type: "vote_update", storyId: voter.storyId, points: voter.points });
  });
}

/** Runs `body` and measures the server's CPU and the load average around it. */
async function measured(
  server: BenchServer,
  backends: BackendCpu | undefined,
  idleMsPerSecond: number,
  db: DbKind,
  name: string,
  body: () => Promise<{ latencies: number[]; errors: number; seconds: number }>,
): Promise<Phase> {
  const loadStart = loadAverage();
  await backends?.sample(true);
  const pg0 = backends?.used().seconds ?? Number.NaN;
  const cpu0 = cpuSeconds(server.pid());
  const client0 = process.cpuUsage();
  const r = await body();
  const cpuMs = (cpuSeconds(server.pid()) - cpu0) * 1000;
  await backends?.sample();
  const pgMs = ((backends?.used().seconds ?? Number.NaN) - pg0) * 1000;
  const client = process.cpuUsage(client0);
  const clientMs = (client.user + client.system) / 1000;
  const phase: Phase = {
    db,
    name,
    votes: r.latencies.length,
    errors: r.errors,
    seconds: r.seconds,
    latency: summarize(r.latencies),
    cpuMsPerVote: cpuMs / Math.max(1, r.latencies.length),
    netCpuMsPerVote: (cpuMs - idleMsPerSecond * r.seconds) / Math.max(1, r.latencies.length),
    pgMsPerVote: pgMs / Math.max(1, r.latencies.length),
    clientMsPerVote: clientMs / Math.max(1, r.latencies.length),
    clientCore: clientMs / 1000 / r.seconds,
    loadStart,
    loadEnd: loadAverage(),
  };
  console.log(
    `  ${db} ${name}: ${phase.votes} votes (${phase.errors} errors) in ${fmt(phase.seconds)} s = ${fmt(phase.votes / phase.seconds, 0)}/s, ` +
      `p50 ${fmt(phase.latency.p50, 2)} ms, p99 ${fmt(phase.latency.p99, 2)} ms, server CPU ${fmt(phase.cpuMsPerVote, 2)} ms/vote (${fmt(phase.netCpuMsPerVote, 2)} net of idle), ` +
      `PostgreSQL backends ${fmt(phase.pgMsPerVote, 2)} ms/vote, ` +
      `client CPU ${fmt(phase.clientMsPerVote, 2)} ms/vote (${fmt(phase.clientCore * 100, 0)} % of a core); ` +
      `load ${loadStart} -> ${phase.loadEnd}`,
  );
  return phase;
}

/** Closed loop: one worker per session votes back to back for `seconds`. */
async function closedLoop(rooms: Voter[][], seconds: number, vote: (v: Voter) => Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    rooms.map(async (room) => {
      for (let i = 0; performance.now() < end; i++) {
        const voter = room[i % room.length] as Voter;
        const t0 = performance.now();
        if (await vote(voter)) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - start) / 1000 };
}

/**
 * Open loop: vote k is due at start + k / rate, sent then whatever is still in flight; voters
 * rotate over every voter of every session. Latency counts from the due time.
 */
async function openLoop(server: BenchServer, voters: Voter[], rate: number, duration: number, client: RestClient) {
  // A server that cannot keep up would pile up minutes of backlog: stop sending once a second's
  // worth of votes is waiting, and report how far it got (the p99 is then already a miss).
  const maxInFlight = Math.max(50, rate);
  let pending = 0;
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(rate * duration);
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let k = 0; k < total; k++) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (pending >= maxInFlight) {
      console.warn(`  ! ${pending} votes waiting after ${fmt((performance.now() - start) / 1000)} s: stopped sending`);
      break;
    }
    const voter = voters[k % voters.length] as Voter;
    pending++;
    inFlight.push(
      restVote(server, voter, client)
        .then(
          (ok) => {
            if (ok) latencies.push(performance.now() - due);
            else errors++;
          },
          () => {
            errors++;
          },
        )
        .finally(() => {
          pending--;
        }),
    );
  }
  await Promise.all(inFlight);
  return { latencies, errors, seconds: (performance.now() - start) / 1000 };
}

/** Runs the phases on one database with its own server child. */
async function runDatabase(db: DbKind, opts: Options): Promise<Phase[]> {
  const phases: Phase[] = [];
  const server = await startServer(db);
  const probe = server.databaseUrl ? new pg.Client({ connectionString: server.databaseUrl }) : undefined;
  try {
    await probe?.connect();
    const backends = probe && new BackendCpu(probe);
    const rooms = await setUp(server, opts.sessions, opts.members, opts.guests);
    const sockets = rooms.flat().map((v) => v.socket);
    // Warm-up: every voter votes once each way (starts the round, JIT, pools).
    for (const room of rooms) for (const v of room) await restVote(server, v);
    for (const room of rooms) for (const v of room) await wsVote(v);
    await waitForQuiet(sockets, 300);
    // The server's CPU while nobody votes (sockets open): subtracted in "net of idle".
    const idle0 = cpuSeconds(server.pid());
    const idleStart = performance.now();
    await new Promise((r) => setTimeout(r, 3000));
    const idleMsPerSecond = ((cpuSeconds(server.pid()) - idle0) * 1e6) / (performance.now() - idleStart);
    console.log(`  ${db} idle: server CPU ${fmt(idleMsPerSecond, 1)} ms/s`);
    if (!opts.skip.includes("ws")) {
      phases.push(
        await measured(server, backends, idleMsPerSecond, db, "closed WS", () =>
          closedLoop(rooms, opts.seconds, wsVote),
        ),
      );
      await waitForQuiet(sockets, 300);
    }
    if (!opts.skip.includes("rest")) {
      phases.push(
        await measured(server, backends, idleMsPerSecond, db, "closed REST", () =>
          closedLoop(rooms, opts.seconds, (v) => restVote(server, v, opts.client)),
        ),
      );
      await waitForQuiet(sockets, 300);
    }
    if (!opts.skip.includes("sustained")) {
      phases.push(
        await measured(server, backends, idleMsPerSecond, db, `open REST ${opts.rate}/s`, () =>
          openLoop(server, rooms.flat(), opts.rate, opts.duration, opts.client),
        ),
      );
    }
    const closed = sockets.filter((s) => !s.isOpen).length;
    if (closed) console.warn(`  ! ${closed} socket(s) closed during the run`);
    await Promise.all(sockets.map((s) => s.close()));
  } finally {
    await probe?.end().catch(() => undefined);
    await server.stop();
  }
  return phases;
}

/** Command-line options. */
interface Options {
  sessions: number;
  members: number;
  guests: number;
  seconds: number;
  rate: number;
  duration: number;
  skip: string[];
  client: RestClient;
}

/** Entry point: runs the configured databases and prints the table. */
async function main(): Promise<void> {
  const dbs = option("db", "BENCH_DBS", "pglite,postgres").split(",") as DbKind[];
  const opts: Options = {
    sessions: Number(option("sessions", "BENCH_SESSIONS", "10")),
    members: Number(option("members", "BENCH_MEMBERS", "5")),
    guests: Number(option("guests", "BENCH_GUESTS", "5")),
    seconds: Number(option("seconds", "BENCH_SECONDS", "10")),
    rate: Number(option("rate", "BENCH_RATE", "500")),
    duration: Number(option("duration", "BENCH_DURATION", "30")),
    skip: option("skip", "BENCH_SKIP", "").split(",").filter(Boolean),
    client: option("client", "BENCH_CLIENT", "http") === "fetch" ? "fetch" : "http",
  };
  console.log(
    `REST vote: ${opts.sessions} sessions of ${opts.members} signed-in + ${opts.guests} guests, closed loops ${opts.seconds} s, ` +
      `open loop ${opts.rate}/s for ${opts.duration} s, REST client ${opts.client}, databases ${dbs.join(", ")}; ${os.cpus().length} CPUs; load average ${loadAverage()}`,
  );
  const all: Phase[] = [];
  for (const db of dbs) all.push(...(await runDatabase(db, opts)));
  console.log("\nLatency in ms: closed loops from request to answer (REST) / frame to ack (WS); open loop from the");
  console.log(
    "vote's scheduled time. CPU = server process user+system per answered vote (PGlite: with the database).\n",
  );
  console.log(
    table([
      [
        "db",
        "phase",
        "votes",
        "errors",
        "votes/s",
        "p50",
        "p99",
        "max",
        "CPU ms/vote",
        "net of idle",
        "PG ms/vote",
        "client ms/vote",
        "client core %",
        "load start",
        "load end",
      ],
      ...all.map((p) => [
        p.db,
        p.name,
        String(p.votes),
        String(p.errors),
        fmt(p.votes / p.seconds, 0),
        fmt(p.latency.p50, 2),
        fmt(p.latency.p99, 2),
        fmt(p.latency.max, 1),
        fmt(p.cpuMsPerVote, 2),
        fmt(p.netCpuMsPerVote, 2),
        fmt(p.pgMsPerVote, 2),
        fmt(p.clientMsPerVote, 2),
        fmt(p.clientCore * 100, 0),
        p.loadStart,
        p.loadEnd,
      ]),
    ]),
  );
  const ratio = (db: DbKind) => {
    const rest = all.find((p) => p.db === db && p.name === "closed REST");
    const ws = all.find((p) => p.db === db && p.name === "closed WS");
    return rest && ws ? `${db}: REST/WS CPU ${fmt(rest.cpuMsPerVote / ws.cpuMsPerVote, 2)}` : "";
  };
  console.log(`\n${dbs.map(ratio).filter(Boolean).join("; ")}; load average ${loadAverage()}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
