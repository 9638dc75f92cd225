/**
 * One load client of the scale-out bench, run as a worker thread (scaleout.ts starts
 * `--clients` of them): it holds the sockets of its share of the sessions, votes in them on the
 * global schedule and measures each vote until every other member has it. Ten thousand
 * participants are ten thousand browsers; one event loop holding all their sockets stalled for
 * 33-60 ms at a time (its own garbage collection), which the latencies then carried. Each worker
 * has its own heap and event loop; a session's voter and listeners stay in one worker, so a
 * latency is read on one clock.
 *
 * Protocol (worker <- main): `start` begins the hold. (worker -> main): `joined` once every
 * socket of the share has its snapshot (or failed), `done` with the samples after the hold.
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
}

/** Worker -> main messages. */
export type LoadClientMessage =
  | { type: "joined"; joined: number; failures: string[] }
  | {
      type: "done";
      samples: Samples;
      sent: number;
      /** Votes not delivered to everyone before the session's next vote, or by the end. */
      incomplete: number;
      refusals: [string, number][];
      held: number;
      /** This worker's event-loop delay during the hold (ms). */
      loopP99: number;
      loopMax: number;
    };

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
  await new Promise<void>((resolve) => port.once("message", () => resolve()));

  const samples: Samples = { allOthers: [], crossAllOthers: [], same: [], cross: [], ack: [] };
  let incomplete = 0;
  let sent = 0;
  const refusals = new Map<string, number>();
  const refuse = (why: string) => refusals.set(why, (refusals.get(why) ?? 0) + 1);
  for (const session of live) {
    session.members.forEach((member, mi) => {
      member.ws.on("message", (frame: Buffer) => {
        const at = performance.now();
        const cur = session.current;
        if (!cur || mi === cur.voter || !startsWith(frame, VOTE_PREFIX)) return;
        const voter = session.members[cur.voter] as Member;
        if (!frame.includes(voter.voterKey)) return;
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
  // Keep-alive connections per server process, as a browser keeps them.
  const agents = data.servers.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
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
    if (data.via === "ws") {
      voter.ws.send(JSON.stringify({ type: "vote_update", storyId: session.seeded.storyId, points }));
      return;
    }
    const body = Buffer.from(JSON.stringify({ storyId: session.seeded.storyId, points }));
    const server = data.servers[voter.proc] as LoadClientData["servers"][number];
    sendBody(agents[voter.proc] as http.Agent, server.port, "POST", "/api/votes", voter.headers, body).then(
      (status) => {
        if (status >= 200 && status < 300) samples.ack.push(performance.now() - t0);
        else refuse(`HTTP ${status}`);
      },
      (err: unknown) => refuse(err instanceof Error ? err.message : String(err)),
    );
  };

  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  await voteOnSchedule(
    live,
    vote,
    data.intervalMs,
    data.holdMs,
    2000,
    (i) => (live[i] as LiveSession).slot,
    data.totalSessions,
  );
  loopDelay.disable();
  for (const agent of agents) agent.destroy();
  port.postMessage({
    type: "done",
    samples,
    sent,
    incomplete: incomplete + live.filter((s) => s.current !== null).length,
    refusals: [...refusals],
    held: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
    loopP99: loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS,
    loopMax: loopDelay.max / 1e6 - LOOP_RESOLUTION_MS,
  } satisfies LoadClientMessage);
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  run(workerData as LoadClientData, port).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
