import { ApiClient } from "../../testing/apiClient";
import { startTestServer, type TestServer, testDbKind } from "../../testing/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("GET /api/health", () => {
  it("names the database in use", async () => {
    const res = await new ApiClient(server.url).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", db: testDbKind(), ai: "local", aiLabel: "PointBot (local)" });
  });

  it("answers the demo hot-reload call", async () => {
    const res = await new ApiClient(server.url).get<Record<string, string>>("/api/hot-reload-test");
    expect(res.body).toMatchObject({ status: "ok", environment: "test" });
    expect(Number.isNaN(Date.parse(res.body.timestamp ?? ""))).toBe(false);
  });

  it("answers unknown API routes with a JSON 404 and never a stack trace", async () => {
    const res = await new ApiClient(server.url).get<{ code: string }>("/api/nope");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    const broken = await new ApiClient(server.url).request<{ code: string; message: string }>(
      "POST",
      "/api/login",
      "{not json",
      {
        contentType: "application/json",
      },
    );
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(broken.body)).not.toMatch(/at .*\.js/);
  });

  it("requires sign-in for the subscription status", async () => {
    expect((await new ApiClient(server.url).get("/api/subscription/status")).status).toBe(401);
  });
});
