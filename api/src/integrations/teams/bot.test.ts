import { randomUUID } from "node:crypto";
import type { VoteView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { type ConnectorCall, type ConnectorStub, startConnectorStub } from "../../testing/connectorStub";
import { joinGuest } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * The bot through its real HTTP endpoint (auth off: no BOT_ID), replying to a local Bot
 * Connector: install, `new`, `add`, card votes from three Teams users, a website vote showing
 * up on the card, reveal, next, summary, help, and the summary post.
 */
let server: TestServer;
let connector: ConnectorStub;
beforeAll(async () => {
  connector = await startConnectorStub();
  server = await startTestServer({ env: { PUBLIC_URL: "https://pointwise.test" } });
});
afterAll(async () => {
  await server.close();
  await connector.close();
});

const tenantId = randomUUID();
const conversationId = `19:${randomUUID().replace(/-/g, "")}@thread.tacv2`;
const person = (name: string) => ({ id: `29:${randomUUID()}`, name, aadObjectId: randomUUID() });
const ann = person("Ann Leader");
const bob = person("Bob Dev");
const cid = person("Cid Tester");

function activity(from: ReturnType<typeof person>, extra: Record<string, unknown>) {
  return {
    id: randomUUID(),
    channelId: "msteams",
    serviceUrl: connector.serviceUrl,
    from,
    recipient: { id: "28:pointwise-bot", name: "Pointwise" },
    conversation: { id: conversationId, conversationType: "channel", tenantId, isGroup: true },
    channelData: { tenant: { id: tenantId } },
    timestamp: new Date().toISOString(),
    ...extra,
  };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new ApiClient(server.url).request<Record<string, unknown>>("POST", "/api/messages", body, { csrf: false, headers });
const say = (from: ReturnType<typeof person>, text: string) =>
  post(activity(from, { type: "message", text: `<at>Pointwise</at> ${text}` }));
const act = (from: ReturnType<typeof person>, verb: string, data: Record<string, unknown> = {}) =>
  post(
    activity(from, {
      type: "invoke",
      name: "adaptiveCard/action",
      value: { action: { type: "Action.Execute", verb, data } },
    }),
  );

type Card = {
  body: { type: string; text?: string; actions?: { title: string }[]; facts?: { title: string; value: string }[] }[];
};
const cardOf = (call: ConnectorCall) =>
  ((call.body.attachments as { contentType: string; content: Card }[] | undefined)?.[0]?.content ?? {
    body: [],
  }) as Card;
const texts = (card: Card) => JSON.stringify(card.body.map((b) => b.text ?? b.facts ?? b.actions?.map((a) => a.title)));
const invokeCard = (res: { body: Record<string, unknown> }) => (res.body as { value: Card }).value;

it("runs a round from a Teams channel, with card votes and website votes seen by both", async () => {
  // Install: the conversation reference is stored and the help card posted.
  const install = await post(activity(ann, { type: "conversationUpdate", membersAdded: [{ id: "28:pointwise-bot" }] }));
  expect(install.status).toBe(200);
  const help = await connector.next((c) => c.method === "POST");
  expect(texts(cardOf(help))).toContain("new \\\\<title\\\\>");

  // new + add: the voting card, with the deck and no story, then the story.
  expect((await say(ann, "new Sprint 12 planning")).status).toBe(200);
  const first = await connector.next((c) => c.method === "POST");
  expect(first.path).toContain(`/v3/conversations/${conversationId}/activities`);
  expect(texts(cardOf(first))).toContain("No story to estimate yet");
  await say(ann, "add Checkout with PayPal");
  const storyCard = cardOf(await connector.next((c) => c.method === "POST"));
  expect(texts(storyCard)).toContain("Checkout with PayPal");
  expect(texts(storyCard)).toContain('"13"');

  // Card votes from three Teams users: each gets the refreshed card, never others' points.
  const a = invokeCard(await act(ann, "vote", { points: 5 }));
  expect(texts(a)).toContain("Voted (1 of 1)");
  expect(texts(a)).toContain("Your vote: **5**");
  const b = invokeCard(await act(bob, "vote", { points: 8 }));
  expect(texts(b)).toContain("Voted (2 of 2)");
  expect(texts(b)).toContain("Your vote: **8**");
  expect(texts(b)).not.toContain("**5**");
  const offDeck = await act(cid, "vote", { points: 4 });
  expect(offDeck.body).toMatchObject({ statusCode: 400, type: "application/vnd.microsoft.error" });
  // The coffee card from Teams is a break request, not a vote (issue #8 section 4).
  const coffee = invokeCard(await act(cid, "vote", { points: "coffee" }));
  expect(texts(coffee)).toMatch(/Voted \(2 of 3\)/);
  invokeCard(await act(cid, "vote", { points: 5 }));

  // A website guest votes: the posted card is updated in place, live.
  const status = await new ApiClient(server.url).get<{ sessionId: string }>(
    `/api/meetings/${encodeURIComponent(conversationId)}/session`,
  );
  const guest = await joinGuest(server.url, status.body.sessionId, "Web Wendy");
  const stories = await guest.client.get<{ id: string }[]>(`/api/sessions/${status.body.sessionId}/stories`);
  // Not everyone has voted yet (Wendy): only the leader may reveal now.
  const early = await act(bob, "reveal");
  expect(early.body).toMatchObject({ statusCode: 400, value: { code: "PERMISSION_DENIED" } });
  await guest.client.post("/api/votes", { storyId: stories.body[0]?.id, points: 3 });
  const update = await connector.next((c) => c.method === "PUT" && texts(cardOf(c)).includes("Web Wendy"));
  expect(texts(cardOf(update))).not.toMatch(/Your vote/);
  // And the website sees the card voters, without their points.
  const votes = await guest.client.get<VoteView[]>(`/api/stories/${stories.body[0]?.id}/votes`);
  expect(votes.body.map((v) => v.displayName).sort()).toEqual(["Ann Leader", "Bob Dev", "Cid Tester", "Web Wendy"]);
  expect(votes.body.filter((v) => v.points !== undefined).map((v) => v.points)).toEqual([3]);

  // The reveal card carries the results.
  const revealed = invokeCard(await act(ann, "reveal"));
  expect(texts(revealed)).toContain("Strong Consensus");
  expect(texts(revealed)).toContain("Average");

  // next (leader only), summary, unknown input.
  await say(bob, "next");
  expect((await connector.next((c) => c.method === "POST")).body.text).toBe(
    "You do not have permission to perform this action.",
  );
  await say(ann, "next");
  expect(texts(cardOf(await connector.next((c) => c.method === "POST")))).toContain("No story to estimate yet");
  await say(bob, "summary");
  const summary = cardOf(await connector.next((c) => c.method === "POST"));
  expect(texts(summary)).toContain("Completed stories");
  expect(texts(summary)).toContain("Checkout with PayPal");
  await say(cid, "dance");
  expect(texts(cardOf(await connector.next((c) => c.method === "POST")))).toContain("I don't know");
});

it("posts only viewer-neutral cards to the conversation and escapes hostile names (issue #7)", async () => {
  const other = { id: `19:${randomUUID().replace(/-/g, "")}@thread.tacv2`, conversationType: "channel", tenantId };
  const inOther = (from: ReturnType<typeof person>, extra: Record<string, unknown>) =>
    post(activity(from, { ...extra, conversation: other }));
  const sayThere = (from: ReturnType<typeof person>, text: string) =>
    inOther(from, { type: "message", text: `<at>Pointwise</at> ${text}` });
  const posted = (c: ConnectorCall) => c.path.includes(other.id) && (c.method === "POST" || c.method === "PUT");
  await sayThere(ann, "new Leak check");
  await sayThere(ann, "add [First](https://evil.example) {{DATE(2017-02-14T06:08:39Z, SHORT)}}");
  await connector.next((c) => posted(c) && texts(cardOf(c)).includes("First"));
  // The leader votes on the card: her own view (invoke response) shows her vote...
  const own = await inOther(ann, {
    type: "invoke",
    name: "adaptiveCard/action",
    value: { action: { type: "Action.Execute", verb: "vote", data: { points: 5 } } },
  });
  expect(texts(invokeCard(own))).toContain("Your vote: **5**");
  // ...but the card she makes the bot post next (same story, not revealed) is everyone's.
  await sayThere(ann, "add Second story");
  const next = await connector.next((c) => posted(c) && texts(cardOf(c)).includes("Voted (1 of 1)"));
  expect(texts(cardOf(next))).not.toMatch(/Your vote|\*\*5\*\*/);

  // A guest whose name is a Markdown link: the live update shows it as text.
  const status = await new ApiClient(server.url).get<{ sessionId: string }>(
    `/api/meetings/${encodeURIComponent(other.id)}/session`,
  );
  const guest = await joinGuest(server.url, status.body.sessionId, "[Admin](https://evil.example)");
  const stories = await guest.client.get<{ id: string }[]>(`/api/sessions/${status.body.sessionId}/stories`);
  await guest.client.post("/api/votes", { storyId: stories.body[0]?.id, points: 3 });
  const update = await connector.next((c) => posted(c) && c.method === "PUT" && texts(cardOf(c)).includes("Admin"));
  const shown = JSON.stringify(cardOf(update).body);
  expect(shown).not.toMatch(/(?<!\\\\)\[Admin|(?<!\\\\)\]\(|\{\{DATE|https:\/\/evil/);
  expect(shown).toContain("\\\\[Admin\\\\]");

  // Nothing posted to the conversation before reveal carried a vote's points.
  const cards = connector.calls.filter(posted).map((c) => texts(cardOf(c)));
  expect(cards.length).toBeGreaterThanOrEqual(4);
  for (const card of cards) expect(card).not.toMatch(/Your vote|\*\*[0-9]+\*\*|: [0-9]+ ·/);
});

it("posts the summary to the bound conversation, or answers with a share link", async () => {
  const status = await new ApiClient(server.url).get<{ sessionId: string }>(
    `/api/meetings/${encodeURIComponent(conversationId)}/session`,
  );
  const guest = await joinGuest(server.url, status.body.sessionId, "Sam");
  const posted = await guest.client.post<{ posted: boolean }>(`/api/sessions/${status.body.sessionId}/teams-message`, {
    completedStories: 1,
  });
  expect(posted.body.posted).toBe(true);
  expect(texts(cardOf(await connector.next((c) => c.method === "POST")))).toContain("Session summary");

  const web = new ApiClient(server.url);
  await web.post("/api/register", {
    email: `w${Date.now()}@example.com`,
    firstName: "W",
    lastName: "X",
    password: "Estimate8Points",
  });
  const created = await web.post<{ id: string }>("/api/sessions", { title: "Web only" });
  const share = await web.post<{ posted: boolean; message: string; shareUrl: string }>(
    `/api/sessions/${created.body.id}/teams-message`,
    {},
  );
  expect(share.body.posted).toBe(false);
  expect(share.body.message).toContain("Pointwise summary: Web only");
  expect(share.body.shareUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/share\?href=/);
  expect((await new ApiClient(server.url).post(`/api/sessions/${created.body.id}/teams-message`, {})).status).toBe(401);
  const card = await web.get<{ card: { version: string } }>(`/api/sessions/${created.body.id}/card`);
  expect(card.body.card.version).toBe("1.5");
});

it("refuses activities without a valid Bot Connector token when an app id is configured", async () => {
  const secured = await startTestServer({
    env: { BOT_ID: randomUUID(), BOT_PASSWORD: "secret", BOT_TENANT_ID: tenantId },
  });
  try {
    const client = new ApiClient(secured.url);
    const body = activity(ann, { type: "message", text: "help" });
    const missing = await client.request("POST", "/api/messages", body, { csrf: false });
    expect(missing.status).toBe(401);
    const bad = await client.request("POST", "/api/messages", body, {
      csrf: false,
      headers: { authorization: "Bearer not.a.token" },
    });
    expect(bad.status).toBe(401);
    expect(connector.calls.filter((c) => JSON.stringify(c.body).includes("secured"))).toEqual([]);
  } finally {
    await secured.close();
  }
});

describe("install and empty figures (issue #22)", () => {
  const elsewhere = () => ({
    id: `19:${randomUUID().replace(/-/g, "")}@thread.tacv2`,
    conversationType: "channel",
    tenantId,
  });
  const postedTo = (conversation: { id: string }) =>
    connector.calls.filter((c) => c.method === "POST" && c.path.includes(conversation.id));

  it("welcomes once per install, though Teams sends both conversationUpdate and installationUpdate", async () => {
    const conversation = elsewhere();
    const inIt = (extra: Record<string, unknown>) => post(activity(ann, { ...extra, conversation }));
    expect((await inIt({ type: "installationUpdate", action: "add" })).status).toBe(200);
    expect((await inIt({ type: "conversationUpdate", membersAdded: [{ id: "28:pointwise-bot" }] })).status).toBe(200);
    // Each activity's answer comes after its turn, so every card it posted is recorded by now.
    const welcomes = postedTo(conversation);
    expect(welcomes).toHaveLength(1);
    expect(texts(cardOf(welcomes[0] as ConnectorCall))).toContain("new \\\\<title\\\\>");
    // Someone else joining, and the app's removal, post nothing.
    await inIt({ type: "conversationUpdate", membersAdded: [{ id: bob.id }] });
    await inIt({ type: "installationUpdate", action: "remove" });
    expect(postedTo(conversation)).toHaveLength(1);
  });

  it("shows a missing average or consensus as a dash saying 'no value', never a lone '-' (a Markdown bullet)", async () => {
    const conversation = elsewhere();
    const sayThere = (text: string) =>
      post(activity(ann, { type: "message", text: `<at>Pointwise</at> ${text}`, conversation }));
    const factsOf = (card: Card) =>
      Object.fromEntries(card.body.flatMap((b) => b.facts ?? []).map((f) => [f.title, f.value]));
    await sayThere("new Empty figures");
    await sayThere("add Nobody votes");
    // Revealed with no votes: no average, no consensus, no range.
    const revealed = factsOf(
      invokeCard(
        await post(
          activity(ann, {
            type: "invoke",
            name: "adaptiveCard/action",
            value: { action: { type: "Action.Execute", verb: "reveal", data: {} } },
            conversation,
          }),
        ),
      ),
    );
    expect(revealed).toMatchObject({ Average: "— (no value)", Consensus: "— (no value)", Range: "— (no value)" });
    // Summary before any story is completed: no average points, no consensus rate.
    await sayThere("summary");
    const summaryCall = postedTo(conversation).at(-1) as ConnectorCall;
    const summary = factsOf(cardOf(summaryCall));
    expect(summary).toMatchObject({ Average: "— (no value)", "Consensus rate": "— (no value)" });
    for (const value of [...Object.values(revealed), ...Object.values(summary)])
      expect(value).not.toMatch(/^\s*[-*+]\s*$/);
  });
});
