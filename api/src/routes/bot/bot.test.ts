import { randomUUID } from "node:crypto";
import { ApiClient } from "../../testing/apiClient";
import { type ConnectorStub, startConnectorStub } from "../../testing/connectorStub";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * `POST /api/messages` with bot auth off (no BOT_ID) answers malformed activities with 400
 * VALIDATION_ERROR, never a 5xx (issue #7: 35 of 50 fuzz variants were 500s). Well-formed
 * activities keep working (api/src/integrations/teams/bot.test.ts runs a whole round).
 */
let server: TestServer;
let connector: ConnectorStub;
beforeAll(async () => {
  connector = await startConnectorStub();
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await connector.close();
});

const valid = () => ({
  id: randomUUID(),
  type: "message",
  channelId: "msteams",
  serviceUrl: connector.serviceUrl,
  from: { id: `29:${randomUUID()}`, name: "Fuzz", aadObjectId: randomUUID() },
  recipient: { id: "28:pointwise-bot", name: "Pointwise" },
  conversation: { id: `19:${randomUUID()}@thread.tacv2`, conversationType: "channel", tenantId: randomUUID() },
  text: "help",
});
const send = (body: string, contentType = "application/json") =>
  new ApiClient(server.url).request<{ code?: string }>("POST", "/api/messages", body, { csrf: false, contentType });

/** Bodies that are no activity at all. */
const notActivities: [string, string][] = [
  ["{}", "application/json"],
  ["null", "application/json"],
  ["[]", "application/json"],
  ["[{}]", "application/json"],
  ['"text"', "application/json"],
  ["42", "application/json"],
  ["true", "application/json"],
  ["hello bot", "text/plain"],
  ["", "text/plain"],
  ['{"type":"message"}', "application/json"],
];
/** A valid activity with one field replaced by a wrong type or removed. */
const FIELDS = ["type", "conversation", "serviceUrl", "from", "recipient", "channelId", "text", "id"] as const;
const WRONG = [null, 7, "", [], {}] as const;
function mutated(): string[] {
  const out: string[] = [];
  for (const field of FIELDS) {
    for (const value of WRONG) out.push(JSON.stringify({ ...valid(), [field]: value }));
    const { [field]: _gone, ...rest } = valid();
    out.push(JSON.stringify(rest));
  }
  out.push(JSON.stringify({ ...valid(), conversation: { id: 5 } }));
  out.push(JSON.stringify({ ...valid(), conversation: { id: "19:\u0000@thread" } }));
  out.push(JSON.stringify({ ...valid(), type: "invoke", name: "adaptiveCard/action", value: "x" }));
  out.push(JSON.stringify({ ...valid(), type: "invoke", name: "adaptiveCard/action", value: null }));
  return out;
}

it("answers bodies that are no activity with 400 VALIDATION_ERROR (415 for text)", async () => {
  for (const [body, type] of notActivities) {
    const res = await send(body, type);
    // Only the backlog import reads text (issue #23 section 4).
    const status = type === "text/plain" ? 415 : 400;
    expect({ body, status: res.status, code: res.body?.code }).toEqual({ body, status, code: "VALIDATION_ERROR" });
  }
});

it("never answers a malformed activity with a 5xx", async () => {
  const variants = mutated();
  expect(variants.length + notActivities.length).toBeGreaterThanOrEqual(50);
  const failures: string[] = [];
  for (const body of variants) {
    const res = await send(body);
    if (res.status >= 500) failures.push(`${res.status} ${body}`);
  }
  expect(failures).toEqual([]);
});

it("still answers a well-formed message", async () => {
  expect((await send(JSON.stringify(valid()))).status).toBe(200);
});
