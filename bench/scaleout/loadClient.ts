/**
 * One load client of the scale-out bench, run as a worker thread (scaleout.ts starts
 * `--clients` of them): it holds the sockets of its share of the sessions, votes in them on the
 * global schedule and measures each vote until every other member has it. Ten thousand
 * participants are ten thousand browsers; one event loop holding all their sockets stalled for
 * 33-60 ms at a time (its own garbage collection), which the latencies then carried. Each worker
 * has its own heap and event loop; a session's voter and listeners stay in one worker, so a
 * latency is read on one clock.
 *
 * Protocol (worker <- main): `start` begins the warm-up, `hold` the measured hold. (worker ->
 * main): `joined` once every socket of the share has its snapshot (or failed), `warmed` with the
 * warm-up's samples, `done` with the hold's.
 */
import http from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";
import { mapLimit, sendBody } from "../lib/http";
import { voteOnSchedule } from "../lib/schedule";
import type { SeededSession } from "../lib/seedSessions";

/** What scaleout.ts hands each worker. */
export interface LoadClientData {
  /** This worker's sessions and their indexes among all sessions (the schedule's slots). */
  sessions: { slot: number; seeded: SeededSession }[];
  totalSessions: number;
  size: number;
  intervalMs: number;
  holdMs: number;
  via: "rest" | "ws";
  servers: { wsUrl: string; port: number }[];
  /** A CSRF token (not bound to anyone) for the browser's double-submit pair. */
  csrfToken: string;
  connectConcurrency: number;
  /** A vote slower than this (ms) to reach all others has its send time kept (`Samples.slowAt`). */
  slowMs: number;
  /** Votes on the same schedule before the hold, reported apart (ms; 0: none). */
  warmupMs: number;
}

/** Latencies of the hold, in ms from just before the vote was sent. */
export interface Samples {
  /** Per vote: until the last other member had it. */
  allOthers: number[];
  /** Per vote: until the last member on the other server process had it. */
  crossAllOthers: number[];
  /** Per delivery to a member on the voter's process. */
  same: number[];
  /** Per delivery to a member on the other process (through NOTIFY). */
  cross: number[];
  /** Per REST vote: the answer to the voter. */
  ack: number[];
  /** When (s into the hold) each vote slower than `slowMs` to reach all others was sent. */
  slowAt: number[];
}

/** A phase's figures: `warmed` after the warm-up, `done` after the hold. */
export interface PhaseReport {
  type: "warmed" | "done";
  samples: Samples;
  sent: number;
  /** Votes not delivered to everyone before the session's next vote, or by the phase's end. */
  incomplete: number;
  refusals: [string, number][];
  /** Sockets still open (`done` only). */
  held: number;
  /** This worker's event-loop delay during the hold (ms; `done` only). */
  loopP99: number;
  loopMax: number;
}

/** Worker -> main messages. */
export type LoadClientMessage = { type: "joined"; joined: number; failures: string[] } | PhaseReport;

const VOTE_PREFIX = Buffer.from('{"type":"vote_update"');
const SNAPSHOT_PREFIX = Buffer.from('{"type":"session_snapshot"');
const ERROR_PREFIX = Buffer.from('{"type":"error"');
/** monitorEventLoopDelay's resolution (ms), subtracted from its figures. */
const LOOP_RESOLUTION_MS = 2;

/** Whether `data` begins with `prefix` (no decoding). */
const startsWith = (data: Buffer, prefix: Buffer) =>
  data.length >= prefix.length && data.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

/** One guest: its socket, the process it is connected to, its cookies and its voter key as bytes. */
interface Member {
  ws: WebSocket;
  proc: number;
  headers: Record<string, string>;
  voterKey: Buffer;
}

/** Votes of one phase (warm-up or hold) and what became of them. */
interface Phase {
  samples: Samples;
  /** performance.now() at its start. */
  start: number;
  sent: number;
  /** Votes not delivered to everyone before the session's next vote. */
  incomplete: number;
  refusals: Map<string, number>;
}

/** A phase with nothing in it yet, starting now. */
const newPhase = (): Phase => ({
  samples: { allOthers: [], crossAllOthers: [], same: [], cross: [], ack: [], slowAt: [] },
  start: performance.now(),
  sent: 0,
  incomplete: 0,
  refusals: new Map(),
});

/** The vote in flight in a session, and the phase it counts in. */
interface Pending {
  voter: number;
  t0: number;
  received: number;
  sameMax: number;
  crossMax: number;
  phase: Phase;
}

/** A session during the hold. */
interface LiveSession {
  seeded: SeededSession;
  slot: number;
  members: Member[];
  votes: number;
  points: number[];
  current: Pending | null;
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

/** Connects the share, waits for `start`, holds, reports. */
async function run(data: LoadClientData, port: NonNullable<typeof parentPort>): Promise<void> {
  const { size, csrfToken } = data;
  const live: LiveSession[] = data.sessions.map(({ slot, seeded }) => ({
    seeded,
    slot,
    members: [],
    votes: 0,
    points: new Array<number>(size).fill(0),
    current: null,
  }));
  const failures: string[] = [];
  const flat = live.flatMap((session) => session.seeded.tokens.map((token, pi) => ({ session, pi, token })));
  await mapLimit(flat, data.connectConcurrency, async ({ session, pi, token }) => {
    const proc = (pi + session.slot) % 2;
    const server = data.servers[proc] as LoadClientData["servers"][number];
    try {
      const ws = await connectMember(server.wsUrl, session.seeded.id, token);
      session.members[pi] = {
        ws,
        proc,
        headers: {
          "content-type": "application/json",
          cookie: `pt_${session.seeded.id}=${token}; csrf-token=${csrfToken}`,
          "x-csrf-token": csrfToken,
        },
        voterKey: Buffer.from(`"voterKey":"p:${session.seeded.participantIds[pi]}"`),
      };
    } catch (err) {
      failures.push(err instanceof Error ? err.message : String(err));
    }
  });
  const sockets = live.flatMap((s) => s.members.filter(Boolean).map((m) => m.ws));
  port.postMessage({
    type: "joined",
    joined: sockets.length,
    failures: failures.slice(0, 5),
  } satisfies LoadClientMessage);
  await nextMessage(port);

  let phase = newPhase();
  for (const session of live) {
    session.members.forEach((member, mi) => {
      member.ws.on("message", (frame: Buffer) => {
        const at = performance.now();
        const cur = session.current;
        if (!cur || mi === cur.voter || !startsWith(frame, VOTE_PREFIX)) return;
        const voter = session.members[cur.voter] as Member;
        if (!frame.includes(voter.voterKey)) return;
        const ms = at - cur.t0;
        const { samples } = cur.phase;
        if (member.proc === voter.proc) {
          samples.same.push(ms);
          cur.sameMax = Math.max(cur.sameMax, ms);
        } else {
          samples.cross.push(ms);
          cur.crossMax = Math.max(cur.crossMax, ms);
        }
        if (++cur.received === size - 1) {
          const allOthers = Math.max(cur.sameMax, cur.crossMax);
          samples.allOthers.push(allOthers);
          if (allOthers > data.slowMs) samples.slowAt.push((cur.t0 - cur.phase.start) / 1000);
          samples.crossAllOthers.push(cur.crossMax);
          session.current = null;
        }
      });
    });
  }
  // Keep-alive connections per server process, as a browser keeps them.
  const agents = data.servers.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  const vote = (session: LiveSession) => {
    const votePhase = phase;
    if (session.current) session.current.phase.incomplete++;
    const voterIndex = session.votes % size;
    session.votes++;
    const voter = session.members[voterIndex] as Member;
    const points = session.points[voterIndex] === 3 ? 5 : 3;
    session.points[voterIndex] = points;
    const t0 = performance.now();
    session.current = { voter: voterIndex, t0, received: 0, sameMax: 0, crossMax: 0, phase: votePhase };
    votePhase.sent++;
    if (data.via === "ws") {
      voter.ws.send(JSON.stringify({ type: "vote_update", storyId: session.seeded.storyId, points }));
      return;
    }
    const body = Buffer.from(JSON.stringify({ storyId: session.seeded.storyId, points }));
    const server = data.servers[voter.proc] as LoadClientData["servers"][number];
    const refuse = (why: string) => votePhase.refusals.set(why, (votePhase.refusals.get(why) ?? 0) + 1);
    sendBody(agents[voter.proc] as http.Agent, server.port, "POST", "/api/votes", voter.headers, body).then(
      (status) => {
        if (status >= 200 && status < 300) votePhase.samples.ack.push(performance.now() - t0);
        else refuse(`HTTP ${status}`);
      },
      (err: unknown) => refuse(err instanceof Error ? err.message : String(err)),
    );
  };
  const schedule = (ms: number, settleMs: number) =>
    voteOnSchedule(live, vote, data.intervalMs, ms, settleMs, (i) => (live[i] as LiveSession).slot, data.totalSessions);

  // Warm-up: the same schedule, reported apart (a server's first votes compile its code and
  // prepare its statements on every pool connection; the client opens its connections).
  if (data.warmupMs > 0) await schedule(data.warmupMs, 1000);
  port.postMessage(reportOf("warmed", phase, live));
  await nextMessage(port);

  // A warm-up vote still pending was counted incomplete in the warm-up's report.
  for (const session of live) session.current = null;
  phase = newPhase();
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  await schedule(data.holdMs, 2000);
  loopDelay.disable();
  for (const agent of agents) agent.destroy();
  port.postMessage({
    ...reportOf("done", phase, live),
    held: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
    loopP99: loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS,
    loopMax: loopDelay.max / 1e6 - LOOP_RESOLUTION_MS,
  } satisfies LoadClientMessage);
}

/** The next message from scaleout.ts (`start`, then `hold`). */
const nextMessage = (port: NonNullable<typeof parentPort>) =>
  new Promise<void>((resolve) => port.once("message", () => resolve()));

/** A phase's report (held sockets and loop delay: filled in for `done`). */
function reportOf(type: "warmed" | "done", phase: Phase, live: LiveSession[]): PhaseReport {
  return {
    type,
    samples: phase.samples,
    sent: phase.sent,
    incomplete: phase.incomplete + live.filter((s) => s.current?.phase === phase).length,
    refusals: [...phase.refusals],
    held: 0,
    loopP99: Number.NaN,
    loopMax: Number.NaN,
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  run(workerData as LoadClientData, port).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
