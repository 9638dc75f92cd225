import http from "node:http";
import type { AddressInfo } from "node:net";
import { JIRA_TEST, type JiraStub, startJiraStub } from "../../testing/jiraStub";
import { accountAnswer } from "./jiraAnswers";
import { checkServerUrl, isPrivateAddress, JiraError, type JiraTarget, jiraRequest } from "./jiraHttp";

/*
 * The outbound rules of issue #12 section 1, on the client itself: https only, private
 * addresses refused in production (literals and names alike, checked at connect time), no
 * redirect followed, 429 Retry-After honoured, Jira's 401. Only 127.0.0.1 is ever connected to:
 * every other address here is refused before a packet is sent.
 */

let stub: JiraStub;
beforeAll(async () => {
  stub = await startJiraStub();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const target = (overrides: Partial<JiraTarget> = {}): JiraTarget => ({
  serverUrl: stub.baseUrl,
  email: JIRA_TEST.email,
  apiToken: JIRA_TEST.apiToken,
  production: false,
  allowPrivateHosts: false,
  ...overrides,
});

/** The JiraError a call fails with (fails the test when it succeeds). */
async function failure(call: Promise<unknown>): Promise<JiraError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof JiraError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

describe("serverUrl rule", () => {
  it("takes https, and http only to loopback outside production", () => {
    expect(checkServerUrl("https://team.atlassian.net/", true)).toBe("https://team.atlassian.net");
    expect(checkServerUrl("http://127.0.0.1:8080", false)).toBe("http://127.0.0.1:8080");
    expect(checkServerUrl("http://localhost:8080", false)).toBe("http://localhost:8080");
    expect(() => checkServerUrl("http://127.0.0.1:8080", true)).toThrow(/https/);
    expect(() => checkServerUrl("http://team.atlassian.net", false)).toThrow(/https/);
    expect(() => checkServerUrl("ftp://team.atlassian.net", false)).toThrow(/https/);
    expect(() => checkServerUrl("https://user:pw@team.atlassian.net", false)).toThrow(/credentials/);
    expect(() => checkServerUrl("not a url", false)).toThrow(/valid URL/);
  });
});

describe("private addresses", () => {
  it("knows loopback, private, link-local, CGNAT, unique-local and mapped addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "::ffff:127.0.0.1",
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
    for (const address of ["104.192.136.1", "172.32.0.1", "8.8.8.8", "2606:4700::1", "::ffff:8.8.8.8"]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });

  it("refuses private address literals and names resolving to one in production", async () => {
    const port = new URL(stub.baseUrl).port;
    for (const serverUrl of [
      `https://127.0.0.1:${port}`,
      `https://[::1]:${port}`,
      "https://10.20.30.40",
      "https://169.254.169.254",
      `https://localhost:${port}`,
    ]) {
      const error = await failure(
        jiraRequest(target({ serverUrl, production: true }), "GET", "/rest/api/3/myself", accountAnswer),
      );
      expect([serverUrl, error.kind, error.message]).toEqual([serverUrl, "refused", expect.stringMatching(/private/)]);
    }
    expect(stub.calls).toHaveLength(0);
  });

  it("lets JIRA_ALLOW_PRIVATE_HOSTS=true through (the call then fails only on TLS to the plain stub)", async () => {
    const port = new URL(stub.baseUrl).port;
    const error = await failure(
      jiraRequest(
        target({ serverUrl: `https://127.0.0.1:${port}`, production: true, allowPrivateHosts: true }),
        "GET",
        "/rest/api/3/myself",
        accountAnswer,
      ),
    );
    expect(error.kind).toBe("network");
  });
});

describe("answers", () => {
  it("follows no redirect", async () => {
    const redirecting = http.createServer((_req, res) => {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = redirecting.address() as AddressInfo;
      const error = await failure(
        jiraRequest(target({ serverUrl: `http://127.0.0.1:${port}` }), "GET", "/rest/api/3/myself", accountAnswer),
      );
      expect(error).toMatchObject({ kind: "api", status: 302, message: expect.stringMatching(/redirect/) });
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });

  it("gives up after 10 s on a server that never answers", async () => {
    const silent = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const error = await failure(
        jiraRequest(target({ serverUrl: `http://127.0.0.1:${port}` }), "GET", "/rest/api/3/myself", accountAnswer),
      );
      expect(error).toMatchObject({ kind: "timeout", message: "Jira did not answer within 10 s" });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);

  it("answers a body cut off half-way as a connection cut, not a crash", async () => {
    const cutting = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"accountId":', () => res.socket?.destroy());
    });
    await new Promise<void>((resolve) => cutting.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = cutting.address() as AddressInfo;
      const error = await failure(
        jiraRequest(target({ serverUrl: `http://127.0.0.1:${port}` }), "GET", "/rest/api/3/myself", accountAnswer),
      );
      expect(error).toMatchObject({ kind: "network", message: "The connection to Jira was cut off: try again" });
    } finally {
      await new Promise((resolve) => cutting.close(resolve));
    }
  });

  it("waits for Retry-After on a 429 and then answers", async () => {
    stub.rateLimitNext(2, 0);
    const me = await jiraRequest(target(), "GET", "/rest/api/3/myself", accountAnswer);
    expect(me.accountId).toBe(JIRA_TEST.accountId);
    expect(stub.calls).toHaveLength(3);
  });

  it("gives up after 3 retries", async () => {
    stub.rateLimitNext(10, 0);
    const error = await failure(jiraRequest(target(), "GET", "/rest/api/3/myself", accountAnswer));
    expect(error).toMatchObject({ kind: "rateLimited", status: 429 });
    expect(stub.calls).toHaveLength(4);
  });

  it("answers Jira's 401 for a bad token as an auth error", async () => {
    const error = await failure(jiraRequest(target({ apiToken: "wrong" }), "GET", "/rest/api/3/myself", accountAnswer));
    expect(error).toMatchObject({ kind: "auth", status: 401 });
  });
});
