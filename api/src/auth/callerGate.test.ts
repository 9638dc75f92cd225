import { ApiClient } from "../testing/apiClient";
import { buildSession, joinGuest, type TestUser } from "../testing/factories";
import { openRawConnection, statusOf } from "../testing/rawConnection";
import { startTestServer, type TestServer } from "../testing/testServer";

/**
 * Issue #23 section 4, "Big bodies before authentication": the `text/plain` and `text/csv`
 * parser took 20 MB on every route and schema validation ran before authentication, so 20
 * anonymous requests with 19 MB bodies (and a token from GET /api/csrf-token) took the server's
 * memory from 321 to 547 MB. Now only the import reads CSV (5 MB), every other route 1 MB of
 * JSON, and a caller nobody knows is refused before a byte of its body is read: each test below
 * sends the head of a big request and none of its body, and gets its answer (and the server
 * hanging up) all the same. The old server waited for the body.
 */
let server: TestServer;
let leader: TestUser;
let sessionId: string;

beforeAll(async () => {
  server = await startTestServer();
  const built = await buildSession(server.url);
  leader = built.leader;
  sessionId = built.session.id;
});
afterAll(() => server.close());

const MB = 1024 * 1024;

/**
 * Sends the head of a request whose body would be `length` bytes, and none of the body.
 * @returns the server's answer and whether it then closed the connection
 */
async function headOnly(
  method: string,
  path: string,
  length: number,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const connection = await openRawConnection(server.url);
  const lines = Object.entries({ host: "127.0.0.1", "content-length": String(length), ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  connection.write(`${method} ${path} HTTP/1.1\r\n${lines.join("")}\r\n`);
  const text = await connection.closed;
  return { status: statusOf(text), text };
}

/** Cookie and header of a CSRF token for a caller with no sign-in (what the attack used). */
async function anonymousCsrf(): Promise<Record<string, string>> {
  const stranger = new ApiClient(server.url);
  const token = await stranger.csrf();
  return { cookie: `csrf-token=${token}`, "x-csrf-token": token };
}

it("answers 20 anonymous 19 MB CSV imports 401 without reading their bodies", async () => {
  const csrf = await anonymousCsrf();
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      headOnly("POST", `/api/sessions/${sessionId}/stories/import`, 19 * MB, {
        ...csrf,
        "content-type": "text/csv",
      }),
    ),
  );
  for (const answer of answers) {
    expect(answer.status).toBe(401);
    expect(answer.text).toContain('"code":"UNAUTHORIZED"');
    expect(answer.text.toLowerCase()).toContain("connection: close");
  }
});

it("refuses an anonymous body on every route that needs someone, before reading it", async () => {
  const csrf = await anonymousCsrf();
  const json = { ...csrf, "content-type": "application/json" };
  for (const [method, path] of [
    ["POST", "/api/sessions"],
    ["POST", `/api/sessions/${sessionId}/stories`],
    ["PATCH", `/api/sessions/${sessionId}`],
    ["POST", "/api/votes"],
    ["PUT", `/api/sessions/${sessionId}/story-order`],
    ["POST", "/api/teams"],
    ["DELETE", "/api/account"],
    ["POST", "/api/stories/generate-enhanced-description"],
  ]) {
    expect({ path, status: (await headOnly(method as string, path as string, 900 * 1024, json)).status }).toEqual({
      path,
      status: 401,
    });
  }
  // A made-up participant token is no one either.
  const fake = { ...json, "x-participant-token": "not-a-token-we-issued" };
  expect((await headOnly("POST", "/api/votes", 900 * 1024, fake)).status).toBe(401);
});

it("refuses a guest's CSV import before reading it (403): the import needs a signed-in user", async () => {
  const guest = await joinGuest(server.url, sessionId);
  const headers = {
    cookie: guest.client.cookieHeader(),
    "x-csrf-token": await guest.client.csrf(),
    "content-type": "text/csv",
  };
  expect((await headOnly("POST", `/api/sessions/${sessionId}/stories/import`, 4 * MB, headers)).status).toBe(403);
});

it("lets a guest's token through to the routes a guest may use", async () => {
  const guest = await joinGuest(server.url, sessionId, "Gina Guest");
  const story = await leader.client.post<{ id: string }>(`/api/sessions/${sessionId}/stories`, { title: "Guest vote" });
  const vote = await guest.client.post("/api/votes", { storyId: story.body.id, points: 5 });
  expect(vote.status).toBe(200);
});

it("keeps sign-in, registration and a guest's join open to anyone", async () => {
  const stranger = new ApiClient(server.url);
  const login = await stranger.post<{ code: string }>("/api/login", { email: "nobody@example.com", password: "x" });
  expect(login.body.code).not.toBe("UNAUTHORIZED");
  const join = await stranger.post(`/api/sessions/${sessionId}/join-anonymous`, { displayName: "Walk-in" });
  expect(join.status).toBe(201);
});

it("answers 415 to CSV or plain text on any route but the import", async () => {
  const asCsv = await leader.client.request("POST", `/api/sessions/${sessionId}/stories`, "title\nx", {
    contentType: "text/csv",
  });
  expect(asCsv.status).toBe(415);
  const asText = await leader.client.request("PATCH", `/api/sessions/${sessionId}`, "x", { contentType: "text/plain" });
  expect(asText.status).toBe(415);
});

it("keeps 1 MB on other routes and 5 MB on the import, for a signed-in leader too", async () => {
  const headers = { cookie: leader.client.cookieHeader(), "x-csrf-token": await leader.client.csrf() };
  const json = await headOnly("POST", `/api/sessions/${sessionId}/stories`, 2 * MB, {
    ...headers,
    "content-type": "application/json",
  });
  expect(json.status).toBe(413);
  const csv = await headOnly("POST", `/api/sessions/${sessionId}/stories/import`, 5 * MB + 1, {
    ...headers,
    "content-type": "text/csv",
  });
  expect(csv.status).toBe(413);
  const small = await leader.client.request(
    "POST",
    `/api/sessions/${sessionId}/stories/import`,
    "issuekey,title,description,storypoint\nPW-1,Imported story,,3\n",
    { contentType: "text/csv" },
  );
  expect(small.status).toBe(201);
});
