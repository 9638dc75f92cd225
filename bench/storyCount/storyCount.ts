/**
 * Story count bench (issue #8 sections 6 and 8): the UI-free vote round trip in a session of
 * 1,500 stories against one of 15. For each database (PGlite, PostgreSQL) and each size, a
 * server child gets a leader, a session and the stories through `POST .../stories/import`
 * (CSV), then N listeners join over WebSocket (the leader with its cookie, N-1 guests with
 * their participant token). The leader then casts `--votes` sequential REST votes
 * (`POST /api/votes`, alternating 3/5 so each one is a change) on the active story; one vote's
 * round trip is from just before the request until every listener has its `vote_update`.
 * Also timed: `GET /api/sessions/{id}` and `GET /api/sessions/{id}/stories` (the session state
 * a page loads) and a WebSocket join until its `session_snapshot`. Prints median and p95 per size, the server's CPU time per vote (from
 * /proc, steadier than latency when other work loads the machine) and the load average.
 *
 * Options (argv or env): `--db pglite,postgres` (BENCH_DBS), `--sizes 15,1500` (BENCH_SIZES),
 * `--votes 100` (BENCH_VOTES), `--listeners 10` (BENCH_LISTENERS).
 */
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { ApiClient, mapLimit, registerUser } from "../lib/http";
import { type BenchServer, cpuSeconds, type DbKind, startServer } from "../lib/server";
import { fmt, percentile, table } from "../lib/stats";
import { BenchSocket, waitForQuiet } from "../lib/wsClient";

function option(name: string, env: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? process.env[env] ?? fallback;
}
const DBS = option("db", "BENCH_DBS", "pglite,postgres").split(",") as DbKind[];
const SIZES = option("sizes", "BENCH_SIZES", "15,1500").split(",").map(Number);
const VOTES = Number(option("votes", "BENCH_VOTES", "100"));
const LISTENERS = Number(option("listeners", "BENCH_LISTENERS", "10"));
const WARMUP = 10;

/** One size's figures (ms). */
interface Result {
  db: DbKind;
  stories: number;
  vote: number[];
  voteHttp: number[];
  session: number[];
  storyList: number[];
  storyListBytes: number;
  /** WebSocket join until `session_snapshot` (what a reload or reconnect waits for), ms. */
  join: number[];
  /** Server CPU (user + system) per measured vote, ms: steadier than latency on a loaded machine. */
  cpuPerVote: number;
}

/** A backlog CSV (`issuekey,title,description,storypoint`) of `n` stories with some description. */
function backlogCsv(n: number): string {
  const rows = ["issuekey,title,description,storypoint"];
  for (let i = 1; i <= n; i++) {
    const description = `As a user I want feature ${i} so that the team can plan. Acceptance: works on phones and desktops.`;
    rows.push(`BENCH-${i},Story number ${i} of the backlog,"${description}",`);
  }
  return `${rows.join("\n")}\n`;
}

/** Joins N-1 guests through `join-anonymous` and connects all N listeners. */
async function connectListeners(
  server: BenchServer,
  leader: ApiClient,
  sessionId: string,
): Promise<{ sockets: BenchSocket[]; tokens: string[] }> {
  const { csrfToken } = await new ApiClient(server.baseUrl).request<{ csrfToken: string }>("GET", "/api/csrf-token");
  const tokens = await mapLimit(
    Array.from({ length: LISTENERS - 1 }, (_, i) => i),
    8,
    async (i) => {
      const res = await fetch(`${server.baseUrl}/api/sessions/${sessionId}/join-anonymous`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `csrf-token=${csrfToken}`, "x-csrf-token": csrfToken },
        body: JSON.stringify({ displayName: `Listener ${i + 1}` }),
      });
      if (!res.ok) throw new Error(`join-anonymous -> ${res.status} ${await res.text()}`);
      return ((await res.json()) as { participantToken: string }).participantToken;
    },
  );
  const leaderSocket = new BenchSocket(server.wsUrl, leader.cookieHeader());
  await leaderSocket.join(sessionId);
  const guests = await mapLimit(tokens, 8, async (token) => {
    const socket = new BenchSocket(server.wsUrl);
    await socket.join(sessionId, token);
    return socket;
  });
  return { sockets: [leaderSocket, ...guests], tokens };
}

/** Times one GET (ms) and returns the body size. */
async function timedGet(client: ApiClient, path: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`${client.baseUrlOf()}${path}`, { headers: { cookie: client.cookieHeader() } });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`GET ${path} -> ${res.status}`);
  return { ms, bytes: Buffer.byteLength(body) };
}

/** Casts one REST vote and resolves with the ms until every listener had its vote_update. */
async function timedVote(leader: ApiClient, listeners: BenchSocket[], storyId: string, points: number) {
  const received = new Set<BenchSocket>();
  let last = 0;
  let done: () => void = () => undefined;
  const all = new Promise<void>((r) => (done = r));
  const timer = setTimeout(done, 10_000);
  const started = performance.now();
  for (const socket of listeners) {
    socket.listener = (msg, at) => {
      if (msg.type !== "vote_update" || msg.storyId !== storyId || received.has(socket)) return;
      received.add(socket);
      last = Math.max(last, at);
      if (received.size === listeners.length) done();
    };
  }
  await leader.post("/api/votes", { storyId, points });
  const http = performance.now() - started;
  await all;
  clearTimeout(timer);
  if (received.size < listeners.length) throw new Error(`only ${received.size} of ${listeners.length} got the vote`);
  return { total: last - started, http };
}

async function runSize(db: DbKind, stories: number): Promise<Result> {
  const server = await startServer(db);
  try {
    const leader = new ApiClient(server.baseUrl);
    await registerUser(leader, `stories${stories}`);
    const session = await leader.post<{ id: string }>("/api/sessions", { title: `${stories} stories` });
    await leader.postText(`/api/sessions/${session.id}/stories/import`, backlogCsv(stories), "text/csv");
    const state = await leader.request<{ activeStoryId: string | null }>("GET", `/api/sessions/${session.id}`);
    const list = await leader.request<{ id: string; status: string }[]>("GET", `/api/sessions/${session.id}/stories`);
    if (list.length !== stories) throw new Error(`imported ${list.length} stories, expected ${stories}`);
    const storyId = state.activeStoryId ?? list.find((s) => s.status === "voting")?.id ?? list[0]?.id;
    if (!storyId) throw new Error("no story to vote on");
    const { sockets: listeners, tokens } = await connectListeners(server, leader, session.id);
    await waitForQuiet(listeners, 300);

    const result: Result = {
      db,
      stories,
      vote: [],
      voteHttp: [],
      session: [],
      storyList: [],
      storyListBytes: 0,
      join: [],
      cpuPerVote: 0,
    };
    let points = 3;
    let cpuStart = 0;
    for (let i = 0; i < WARMUP + VOTES; i++) {
      if (i === WARMUP) cpuStart = cpuSeconds(server.pid());
      points = points === 3 ? 5 : 3;
      const { total, http } = await timedVote(leader, listeners, storyId, points);
      if (i >= WARMUP) {
        result.vote.push(total);
        result.voteHttp.push(http);
      }
    }
    result.cpuPerVote = ((cpuSeconds(server.pid()) - cpuStart) * 1000) / VOTES;
    for (let i = 0; i < 30; i++) {
      const s = await timedGet(leader, `/api/sessions/${session.id}`);
      const l = await timedGet(leader, `/api/sessions/${session.id}/stories`);
      if (i >= 5) {
        result.session.push(s.ms);
        result.storyList.push(l.ms);
        result.storyListBytes = l.bytes;
      }
    }
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const socket = new BenchSocket(server.wsUrl);
      await socket.join(session.id, tokens[i % tokens.length]);
      if (i >= 2) result.join.push(performance.now() - started);
      await socket.close();
    }
    await Promise.all(listeners.map((s) => s.close()));
    return result;
  } finally {
    await server.stop();
  }
}

const p = (sample: number[], q: number) =>
  fmt(
    percentile(
      [...sample].sort((a, b) => a - b),
      q,
    ),
    1,
  );

async function main() {
  const loadBefore = execFileSync("uptime", { encoding: "utf8" }).trim();
  const results: Result[] = [];
  for (const db of DBS) {
    for (const size of SIZES) {
      process.stderr.write(`${db}, ${size} stories ...\n`);
      results.push(await runSize(db, size));
    }
  }
  console.log(
    `\nVote round trip (REST POST /api/votes -> all ${LISTENERS} listeners have vote_update), ${VOTES} votes per row, ms\n`,
  );
  console.log(
    table([
      [
        "db",
        "stories",
        "vote p50",
        "vote p95",
        "POST p50",
        "server CPU/vote",
        "GET session p50",
        "p95",
        "GET stories p50",
        "p95",
        "WS join p50",
        "stories kB",
      ],
      ...results.map((r) => [
        r.db,
        String(r.stories),
        p(r.vote, 0.5),
        p(r.vote, 0.95),
        p(r.voteHttp, 0.5),
        fmt(r.cpuPerVote, 2),
        p(r.session, 0.5),
        p(r.session, 0.95),
        p(r.storyList, 0.5),
        p(r.storyList, 0.95),
        p(r.join, 0.5),
        fmt(r.storyListBytes / 1000, 1),
      ]),
    ]),
  );
  console.log(`\nload before: ${loadBefore}`);
  console.log(`load after:  ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
