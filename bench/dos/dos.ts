/**
 * Denial-of-service benchmark (`npm run dos -w bench`; issue #7, "Denial of service").
 *
 * What it measures, against its own server child (bench/lib/server.ts):
 * 1. Password regex: one unauthenticated `POST /api/register` whose password is 80,000 and
 *    then 1,000,000 characters (a fresh server each, since the old rule hung it): how long
 *    the request takes and the longest `GET /api/health` meanwhile (the event loop's stall).
 * 2. WebSocket flood: one guest's socket sends `vote_update` frames at `--rate` per second
 *    for `--flood` seconds, then leaves, while another guest votes every 100 ms on its own
 *    socket: that voter's ack latency during the flood and in the `--after` seconds after it,
 *    the time for a new socket to connect and get its snapshot during the flood, the acks over
 *    200 ms after the attacker left, the server's CPU use after it left (the backlog it still
 *    works through), and what the attacker got (error frames, close code).
 *
 * Options (argv or env): --db pglite|postgres (BENCH_DB, default pglite), --flood 5 (s,
 * BENCH_FLOOD_S), --rate 10000 (frames/s, BENCH_FLOOD_RATE), --after 10 (s, BENCH_AFTER_S),
 * --timeout 60 (s per request or ack, BENCH_TIMEOUT_S), --skip redos|flood.
 */
import { performance } from "node:perf_hooks";
import type { ServerMessage } from "@pointwise/core/realtime";
import WebSocket from "ws";
import { ApiClient, registerUser } from "../lib/http";
import { option } from "../lib/options";
import { type BenchServer, cpuSeconds, type DbKind, startServer } from "../lib/server";
import { fmt, summarize, table } from "../lib/stats";
import { BenchSocket } from "../lib/wsClient";

const DB = option("db", "BENCH_DB", "pglite") as DbKind;
const FLOOD_S = Number(option("flood", "BENCH_FLOOD_S", "5"));
const RATE = Number(option("rate", "BENCH_FLOOD_RATE", "10000"));
const AFTER_S = Number(option("after", "BENCH_AFTER_S", "10"));
const TIMEOUT_MS = Number(option("timeout", "BENCH_TIMEOUT_S", "60")) * 1000;
const SKIP = option("skip", "BENCH_SKIP", "");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls GET /api/health every 100 ms (one at a time) and keeps the slowest answer, in ms. */
function healthProbe(baseUrl: string): { stop(): Promise<number> } {
  let worst = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(() => undefined);
      worst = Math.max(worst, performance.now() - t0);
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return worst;
    },
  };
}

/** One register with a `length`-character password on a fresh server: [elapsed, status, worst health]. */
async function registerAttack(length: number): Promise<string[]> {
  const server = await startServer(DB);
  try {
    const probe = healthProbe(server.baseUrl);
    await sleep(300);
    const body = JSON.stringify({
      email: "redos@example.com",
      firstName: "Re",
      lastName: "Dos",
      password: "a".repeat(length),
    });
    const client = new ApiClient(server.baseUrl);
    const { csrfToken } = await client.request<{ csrfToken: string }>("GET", "/api/csrf-token");
    const t0 = performance.now();
    let status = "timeout";
    try {
      const res = await fetch(`${server.baseUrl}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": csrfToken, cookie: client.cookieHeader() },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = String(res.status);
      await res.text();
    } catch {
      /* timed out: the server is still busy */
    }
    const elapsed = performance.now() - t0;
    const worst = await probe.stop();
    const shown = (ms: number) => (ms >= TIMEOUT_MS ? `> ${TIMEOUT_MS / 1000} s` : `${fmt(ms, 0)} ms`);
    return [length.toLocaleString("en"), status, shown(elapsed), shown(worst)];
  } finally {
    await server.stop();
  }
}

/** A guest of `sessionId` with its participant token. */
async function guest(server: BenchServer, sessionId: string, name: string): Promise<string> {
  const client = new ApiClient(server.baseUrl);
  const res = await client.post<{ participantToken: string }>(`/api/sessions/${sessionId}/join-anonymous`, {
    displayName: name,
  });
  return res.participantToken;
}

/** The flood: the voter's ack latencies during and after, new-socket join time, the attacker's fate. */
async function flood(): Promise<void> {
  const server = await startServer(DB, { WS_MAX_SOCKETS_PER_IP: "50" });
  try {
    const leader = new ApiClient(server.baseUrl);
    await registerUser(leader, "leader");
    const session = await leader.post<{ id: string }>("/api/sessions", { title: "Flood" });
    const story = await leader.post<{ id: string }>(`/api/sessions/${session.id}/stories`, { title: "Target" });
    const voterToken = await guest(server, session.id, "Victim");
    const attackerToken = await guest(server, session.id, "Attacker");
    const newcomerToken = await guest(server, session.id, "Newcomer");

    const voter = new BenchSocket(server.wsUrl);
    await voter.join(session.id, voterToken);
    const attacker = new BenchSocket(server.wsUrl);
    await attacker.join(session.id, attackerToken);
    let attackerErrors = 0;
    const attackerCodes = new Set<string>();
    attacker.listener = (msg) => {
      if (msg.type === "error") {
        attackerErrors++;
        attackerCodes.add(msg.code);
      }
    };

    // The voter: one vote every 100 ms from the start of the flood until AFTER_S after it;
    // acks come back in order on its socket.
    const votes: { at: number; latency: number | null }[] = [];
    let acked = 0;
    voter.listener = (msg: ServerMessage, at: number) => {
      if (msg.type !== "ack" || msg.for !== "vote_update") return;
      const vote = votes[acked++];
      if (vote) vote.latency = at - vote.at;
    };
    let points = 3;
    const voting = setInterval(() => {
      points = points === 3 ? 5 : 3;
      votes.push({ at: performance.now(), latency: null });
      voter.send({ type: "vote_update", storyId: story.id, points });
    }, 100);

    // The attacker: RATE frames per second, sent in 10 ms slices, while its socket is open.
    const frame = JSON.stringify({ type: "vote_update", storyId: story.id, points: 8 });
    let framesSent = 0;
    const floodStart = performance.now();
    const floodEnd = floodStart + FLOOD_S * 1000;
    const flooding = setInterval(() => {
      if (attacker.ws.readyState !== WebSocket.OPEN) return;
      for (let i = 0; i < RATE / 100; i++) attacker.ws.send(frame);
      framesSent += RATE / 100;
    }, 10);

    // A newcomer connects and joins halfway through the flood (not awaited: it may take minutes).
    await sleep((FLOOD_S * 1000) / 2);
    const t0 = performance.now();
    const newcomer = new BenchSocket(server.wsUrl);
    const newcomerJoin = newcomer.join(session.id, newcomerToken, TIMEOUT_MS).then(
      () => `${fmt(performance.now() - t0, 0)} ms`,
      (err: unknown) =>
        `failed after ${fmt(performance.now() - t0, 0)} ms: ${err instanceof Error ? err.message : String(err)}`,
    );
    await sleep(Math.max(0, floodEnd - performance.now()));
    clearInterval(flooding);
    const attackerClosedWith = attacker.closedWith;
    await attacker.close();

    const cpuAtEnd = cpuSeconds(server.pid());
    await sleep(AFTER_S * 1000);
    const cpuAfter = cpuSeconds(server.pid()) - cpuAtEnd;
    clearInterval(voting);
    // Wait for the acks still owed (the backlog), up to the timeout.
    const owedSince = performance.now();
    while (acked < votes.length && performance.now() - owedSince < TIMEOUT_MS) await sleep(50);
    const unanswered = votes.length - acked;
    const slowAfter = votes.filter((v) => v.at >= floodEnd && (v.latency ?? Number.POSITIVE_INFINITY) > 200);
    const lastSlow = slowAfter.at(-1);

    const row = (name: string, sample: number[]) => {
      const s = summarize(sample);
      return [name, String(s.n), fmt(s.p50), fmt(s.p99), fmt(s.max)];
    };
    const latencies = (during: boolean) =>
      votes.filter((v) => v.at < floodEnd === during && v.latency !== null).map((v) => v.latency as number);
    console.log(`\nWebSocket flood (${DB}): ${framesSent.toLocaleString("en")} frames in ${FLOOD_S} s from one socket`);
    console.log(
      table([
        ["voter ack latency (ms)", "votes", "p50", "p99", "max"],
        row("during the flood", latencies(true)),
        row(`after it (${AFTER_S} s)`, latencies(false)),
      ]),
    );
    console.log(`new socket connected and joined during the flood in: ${await newcomerJoin}`);
    console.log(
      `after the attacker left: ${slowAfter.length} vote(s) acked in > 200 ms${
        lastSlow ? `, the last one sent ${fmt(lastSlow.at - floodEnd, 0)} ms after the flood` : ""
      }; ${unanswered} never acked`,
    );
    console.log(`server CPU in the ${AFTER_S} s after the attacker left: ${fmt((cpuAfter / AFTER_S) * 100, 0)} %`);
    console.log(
      `attacker: ${attackerErrors} error frame(s) ${[...attackerCodes].join(", ")}; closed by the server with: ${
        attackerClosedWith ?? "(still open at the end of the flood)"
      }`,
    );
    await Promise.all([voter.close(), newcomer.close()]);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  console.log(`Pointwise DoS bench: db ${DB}, timeout ${TIMEOUT_MS / 1000} s`);
  if (SKIP !== "redos") {
    const rows = [["password length", "status", "request took", "slowest /api/health meanwhile"]];
    for (const length of [80_000, 1_000_000]) rows.push(await registerAttack(length));
    console.log("\nPOST /api/register with a long password (unauthenticated)");
    console.log(table(rows));
  }
  if (SKIP !== "flood") await flood();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
