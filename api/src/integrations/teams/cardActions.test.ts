import { randomUUID } from "node:crypto";
import { ApiClient } from "../../testing/apiClient";
import { type ConnectorStub, startConnectorStub } from "../../testing/connectorStub";
import { buildUser } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Issue #23 section 7: every Adaptive Card action is validated with the same schema as its REST
 * call (a card vote with core castVoteSchema, as POST /api/votes), and a refused one is answered
 * with the Universal Actions error response (`statusCode` 400, `application/vnd.microsoft.error`,
 * `{code, message}`), never HTTP 501 with an empty body. Through the real bot endpoint (auth off)
 * against the Bot Connector stand-in.
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

const tenantId = randomUUID();
const conversationId = `19:${randomUUID().replace(/-/g, "")}@thread.tacv2`;
const ann = { id: `29:${randomUUID()}`, name: "Ann Leader", aadObjectId: randomUUID() };

const post = (body: unknown) =>
  new ApiClient(server.url).request<Record<string, unknown>>("POST", "/api/messages", body, { csrf: false });
const activity = (extra: Record<string, unknown>) => ({
  id: randomUUID(),
  channelId: "msteams",
  serviceUrl: connector.serviceUrl,
  from: ann,
  recipient: { id: "28:pointwise-bot", name: "Pointwise" },
  conversation: { id: conversationId, conversationType: "channel", tenantId, isGroup: true },
  channelData: { tenant: { id: tenantId } },
  ...extra,
});
const say = (text: string) => post(activity({ type: "message", text: `<at>Pointwise</at> ${text}` }));
const act = (verb: unknown, data: unknown) =>
  post(
    activity({
      type: "invoke",
      name: "adaptiveCard/action",
      value: { action: { type: "Action.Execute", verb, data } },
    }),
  );

beforeAll(async () => {
  await say("new Card checks");
  await say("add Validate every card action");
  await connector.next((c) => c.method === "POST" && JSON.stringify(c.body).includes("Validate every card action"));
});

it("answers a card vote with a malformed storyId as REST does: 400 Invalid story, not HTTP 501", async () => {
  const res = await act("vote", { storyId: "not-a-uuid", points: 5 });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    statusCode: 400,
    type: "application/vnd.microsoft.error",
    value: { code: "VALIDATION_ERROR", message: "Invalid story" },
  });
  // The same vote over REST says the same (a signed-in caller: strangers are refused first).
  const web = (await buildUser(server.url)).client;
  const rest = await web.post<{ code: string; errors: Record<string, string[]> }>("/api/votes", {
    storyId: "not-a-uuid",
    points: 5,
  });
  expect(rest.status).toBe(400);
  expect(rest.body.errors.storyId).toEqual(["Invalid story"]);
});

it("refuses other malformed card data with the error response; nothing is cast", async () => {
  const cases: [unknown, unknown][] = [
    ["vote", { storyId: 42, points: 5 }],
    ["vote", { points: "banana" }],
    ["vote", { points: 1000 }],
    ["vote", { points: 2.25 }],
    ["vote", { points: 5, participantId: 42 }],
    ["vote", "not an object"],
    ["reveal", { sessionId: "../../etc" }],
    ["next", { storyId: { $gt: "" } }],
    ["refresh", { sessionId: 7 }],
    ["dance", {}],
    [42, {}],
  ];
  for (const [verb, data] of cases) {
    const res = await act(verb, data);
    expect({ verb, data, status: res.status, body: res.body }).toMatchObject({
      verb,
      data,
      status: 200,
      body: { statusCode: 400, type: "application/vnd.microsoft.error", value: { code: "VALIDATION_ERROR" } },
    });
  }
  const refreshed = await act("refresh", {});
  expect(JSON.stringify(refreshed.body)).toContain("Voted (0 of 1)");
});

it("still takes a well-formed card vote, with the card's own data", async () => {
  const card = await act("refresh", {});
  const storyId = /"storyId":"([0-9a-f-]{36})"/.exec(JSON.stringify(card.body))?.[1];
  expect(storyId).toBeDefined();
  const res = await act("vote", { sessionId: randomUUID(), storyId, points: 5 });
  expect(JSON.stringify(res.body)).toContain("Your vote: **5**");
  const coffee = await act("vote", { storyId, points: "coffee" });
  expect(JSON.stringify(coffee.body)).toContain("Voted (0 of 1)");
});
