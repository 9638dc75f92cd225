import { randomUUID } from "node:crypto";
import { clientMessageSchema, type ServerMessage } from "@pointwise/core/realtime";
import fc from "fast-check";
import { z } from "zod";
import { ApiClient } from "../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest, type TestUser } from "../testing/factories";
import { type FuzzFixture, startFuzzFixture } from "../testing/fuzzFixture";
import {
  anyText,
  deepJson,
  hostileJson,
  hostileSegment,
  hostileString,
  malformedJsonBodies,
  percentEncode,
  prototypeKeys,
} from "../testing/hostileValues";
import type { TestServer } from "../testing/testServer";
import { openSocket, type TestSocket } from "../testing/wsClient";

/**
 * Issue #7, "Proof": every route of the OpenAPI document (`GET /api/openapi.json`, walked at
 * run time, so a new route is fuzzed without touching this file) and every WebSocket frame
 * type (core/realtime's `clientMessageSchema`) get arbitrary and hostile values: wrong types,
 * sizes up to the body limit, nesting, NUL, lone surrogates, prototype keys, malformed ids and
 * path segments, malformed JSON and odd content types, signed in with a CSRF token, as a
 * guest and anonymously. Never a 5xx or an INTERNAL_ERROR frame, never an answer slower than
 * 1 s, and the server is alive at the end. Bounded: RUNS per route and identity, and a time
 * limit per route.
 */

/** Generated requests per route (each with a random identity) and frames per frame type. */
const RUNS = 30;
/** No answer may take longer (issue #7: "zero hangs over 1 s"). */
const ANSWER_WITHIN_MS = 1000;
/** Time limit of one route's property, so the file stays well under a minute. */
const ROUTE_BUDGET_MS = 2500;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Operation = { method: string; path: string; params: string[]; body: JsonSchema | undefined };
type Identity = "member" | "guest" | "anonymous";
type Answer = { status: number; ms: number };

let server: TestServer;
let leader: TestUser;
let visitor: TestUser;
let guest: ApiClient;
let anonymous: ApiClient;
let realIds: string[] = [];
let sessionId: string;
const failures: string[] = [];
const coverage = new Map<string, number>();

let fixture: FuzzFixture;
beforeAll(async () => {
  fixture = await startFuzzFixture();
  ({ server, leader, sessionId } = fixture);
  guest = fixture.guest.client;
  visitor = await buildUser(server.url);
  anonymous = new ApiClient(server.url);
  await anonymous.csrf();
  realIds = [sessionId, fixture.storyId, leader.user.id, fixture.guest.join.participant.id, randomUUID()];
  // Starting a server and signing three people in took over 30 s at a load average of 14.
}, 120_000);
afterAll(async () => {
  const cases = [...coverage.values()].reduce((a, b) => a + b, 0);
  console.info(`fuzzApi: ${coverage.size} routes and frame types, ${cases} hostile requests and frames`);
  await fixture.close();
});

/** Valid-looking values of a JSON schema (OpenAPI 3.0 or JSON Schema), hostile ones mixed in at every level. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const hostile = depth > 3 ? hostileString : hostileJson;
  if (!schema) return hostile;
  const plausible = ((): fc.Arbitrary<unknown> => {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
    if (options) return fc.oneof(...options.map((o) => fromSchema(o, depth + 1)));
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case "string":
        if (schema.format === "uuid") return fc.oneof(fc.constantFrom(...realIds), fc.uuid());
        if (schema.format === "email") return fc.emailAddress();
        return fc.oneof(fc.string({ maxLength: Math.min(schema.maxLength ?? 50, 50) }), anyText);
      case "integer":
      case "number":
        return fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return fc.array(fromSchema(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
      case "object": {
        const properties = schema.properties ?? {};
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, child] of Object.entries(properties)) record[key] = fromSchema(child, depth + 1);
        return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
      }
      default:
        return hostile;
    }
  })();
  const withNull = schema.nullable ? fc.oneof(plausible, fc.constant(null)) : plausible;
  return fc.oneof({ weight: 4, arbitrary: withNull }, { weight: 1, arbitrary: hostile });
}

/** The routes of the OpenAPI document; those that destroy fixtures or sign out run last. */
async function operations(): Promise<Operation[]> {
  const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      list.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
        body: op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined,
      });
    }
  }
  const rank = (op: Operation) =>
    /\/(logout|logout-all|account)$/.test(op.path) ? 3 : op.method === "DELETE" ? 2 : /archive/.test(op.path) ? 1 : 0;
  return list.sort((a, b) => rank(a) - rank(b));
}

/** The cookie jar and CSRF token of an identity; the sign-in routes use a user of their own. */
function clientFor(identity: Identity, op: Operation): ApiClient {
  if (identity === "anonymous") return anonymous;
  if (identity === "guest") return guest;
  // Sign-in, password and account calls (issue #13) may end the caller's sessions: the visitor's.
  return /^\/api\/(register|login|logout|auth\/(logout-all|change-password|forgot-password|reset-password)|profile\/password|account)/.test(
    op.path,
  )
    ? visitor.client
    : leader.client;
}

/**
 * One request: the status, or 599 for a request that failed or took over 5 s, and the time. An
 * answer over ANSWER_WITHIN_MS that is not a 5xx is sent once more and the faster time kept: a
 * hang or a costly input (ReDoS, a quadratic path) is slow again, while a pause of a loaded CI
 * machine (2 shared cores) is not.
 */
async function send(
  client: ApiClient,
  method: string,
  url: string,
  body: string | undefined,
  contentType: string | undefined,
): Promise<Answer> {
  const first = await sendOnce(client, method, url, body, contentType);
  if (first.ms <= ANSWER_WITHIN_MS || first.status >= 500) return first;
  const again = await sendOnce(client, method, url, body, contentType);
  return again.status >= 500 ? again : { status: again.status, ms: Math.min(first.ms, again.ms) };
}

/** One request, timed (see {@link send}). */
async function sendOnce(
  client: ApiClient,
  method: string,
  url: string,
  body: string | undefined,
  contentType: string | undefined,
): Promise<Answer> {
  const headers: Record<string, string> = { "x-csrf-token": await client.csrf() };
  if (client.cookies.size > 0) headers.cookie = client.cookieHeader();
  if (contentType) headers["content-type"] = contentType;
  const hasBody = body !== undefined && method !== "GET" && method !== "HEAD";
  const t0 = performance.now();
  try {
    const res = await fetch(server.url + url, {
      method,
      headers,
      body: hasBody ? body : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  } catch {
    return { status: 599, ms: performance.now() - t0 };
  }
}

/** Records a failure when the answer is a 5xx or slower than ANSWER_WITHIN_MS. */
function check(name: string, answer: Answer, input: () => string): void {
  coverage.set(name, (coverage.get(name) ?? 0) + 1);
  if (answer.status >= 500 || answer.ms > ANSWER_WITHIN_MS) {
    failures.push(`${name} -> ${answer.status} in ${answer.ms.toFixed(0)} ms: ${input().slice(0, 300)}`);
  }
}

/** A query string of hostile keys and values (prototype keys, NUL, long text), or none. */
const hostileQuery = fc.option(
  fc
    .array(fc.tuple(fc.oneof(prototypeKeys, anyText, fc.constant("participantToken")), hostileString), {
      minLength: 1,
      maxLength: 3,
    })
    .map((pairs) => `?${pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v.slice(0, 2000))}`).join("&")}`),
  { nil: "" },
);

/** Content types a client may claim, right or wrong. */
const contentTypes = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/csv",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  undefined,
);

describe("every route of the OpenAPI document and every WebSocket frame type, hostile input (issue #7)", () => {
  it("never answers 5xx nor takes over 1 s, for members, guests and anonymous callers", async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(30);
    for (const op of ops) {
      const name = `${op.method} ${op.path}`;
      const url = (segments: string[], query: string) =>
        op.params.reduce((p, param, i) => p.replace(`{${param}}`, segments[i] ?? "x"), op.path) + query;
      const segment = fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...realIds) },
        { weight: 3, arbitrary: hostileSegment },
      );
      const body = fc.oneof(
        { weight: 5, arbitrary: fromSchema(op.body).map((v) => JSON.stringify(v)) },
        { weight: 2, arbitrary: hostileJson.map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: fc.constantFrom(...malformedJsonBodies) },
        { weight: 1, arbitrary: anyText },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Identity>("member", "guest", "anonymous"),
          fc.array(segment, { minLength: op.params.length, maxLength: op.params.length }),
          hostileQuery,
          body,
          contentTypes,
          async (identity, segments, query, payload, contentType) => {
            const target = url(segments, query);
            const answer = await send(clientFor(identity, op), op.method, target, payload, contentType);
            check(name, answer, () => `${identity} ${target} ${contentType} ${payload}`);
          },
        ),
        { numRuns: RUNS, interruptAfterTimeLimit: ROUTE_BUDGET_MS, markInterruptAsFailure: false },
      );
      if (op.body) {
        // Every malformed body once, and a body at the size limit, with real ids.
        const target = url(
          op.params.map(() => sessionId),
          "",
        );
        for (const payload of [...malformedJsonBodies, JSON.stringify({ title: "a".repeat(1_000_000) })]) {
          const answer = await send(leader.client, op.method, target, payload, "application/json");
          check(name, answer, () => `member ${target} ${payload.slice(0, 80)}`);
        }
      }
    }
    expect(coverage.size).toBe(ops.length);
  });

  it("never answers a frame with INTERNAL_ERROR nor takes over 1 s, joined or not", async () => {
    const frameSchema = z.toJSONSchema(clientMessageSchema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    const frameTypes = (frameSchema.oneOf ?? []).map((s) => String(s.properties?.type?.const));
    expect(frameTypes).toEqual(expect.arrayContaining(["join_session", "vote_update", "story_status_change"]));
    // Fixtures of its own: the route fuzzing above ends by deleting sessions and signing out.
    const fresh = await buildSession(server.url);
    const freshStory = await buildStory(fresh.leader, fresh.session.id);
    const freshGuest = await joinGuest(server.url, fresh.session.id, "Frame Guest");
    const frameSession = fresh.session.id;
    realIds = [frameSession, freshStory.id, fresh.leader.user.id, freshGuest.join.participant.id, randomUUID()];
    const clients = { member: fresh.leader.client, guest: freshGuest.client, anonymous } satisfies Record<
      Identity,
      ApiClient
    >;
    const sockets = new Map<Identity, TestSocket>();
    /** The identity's socket, (re)opened and joined when needed. */
    const socketOf = async (identity: Identity): Promise<TestSocket> => {
      const open = sockets.get(identity);
      if (open?.isOpen()) return open;
      const ws = await openSocket(server.url, clients[identity]);
      if (identity !== "anonymous") {
        ws.send({ type: "join_session", sessionId: frameSession });
        await ws.next("session_snapshot");
      }
      sockets.set(identity, ws);
      return ws;
    };
    /** Sends a frame then a ping: the pong within 1 s, no INTERNAL_ERROR before it; a closed socket is fine (1009). */
    const exchange = async (name: string, identity: Identity, raw: string) => {
      const ws = await socketOf(identity);
      const from = ws.messages.length;
      const t0 = performance.now();
      ws.sendRaw(raw);
      ws.sendRaw(JSON.stringify({ type: "ping" }));
      const pong = ws.next("pong", undefined, 5000).then(
        () => 200,
        () => 599,
      );
      const closed = ws.closed.then(({ code }) => (code === 1009 || code === 1000 ? 200 : 5000 + code));
      let status = await Promise.race([pong, closed]);
      const replies = ws.messages.slice(from);
      if (replies.some((m: ServerMessage) => m.type === "error" && m.code === "INTERNAL_ERROR")) status = 500;
      check(`ws ${name}`, { status, ms: performance.now() - t0 }, () => `${identity} ${raw.slice(0, 300)}`);
    };

    const identities = fc.constantFrom<Identity>("member", "guest", "anonymous");
    for (const [i, type] of frameTypes.entries()) {
      const guided = fromSchema(frameSchema.oneOf?.[i]).map((v) => JSON.stringify(v));
      await fc.assert(
        fc.asyncProperty(identities, guided, async (identity, raw) => exchange(type, identity, raw)),
        { numRuns: RUNS, interruptAfterTimeLimit: ROUTE_BUDGET_MS, markInterruptAsFailure: false },
      );
    }
    const anything = fc.oneof(
      hostileJson.map((v) => JSON.stringify(v)),
      fc.dictionary(fc.oneof(prototypeKeys, anyText), hostileJson).map((v) => JSON.stringify({ type: "ping", ...v })),
      fc.constantFrom(...malformedJsonBodies.filter((b) => b.length < 60_000)),
      anyText,
    );
    await fc.assert(
      fc.asyncProperty(identities, anything, async (identity, raw) => exchange("any frame", identity, raw)),
      { numRuns: RUNS * 2, interruptAfterTimeLimit: ROUTE_BUDGET_MS * 2, markInterruptAsFailure: false },
    );
    for (const raw of [...deepJson(5_000), "x".repeat(70 * 1024)]) await exchange("edge frame", "member", raw);
    await Promise.all([...sockets.values()].map((ws) => ws.close()));
  });

  it("found no 5xx and no slow answer, and the server is alive", async () => {
    expect(failures).toEqual([]);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
