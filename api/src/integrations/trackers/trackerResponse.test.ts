import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import {
  jsonBoundBroken,
  parseTrackerJson,
  readTrackerAnswer,
  readTrackerBody,
  TrackerAnswerError,
  trackerAnswer,
  trackerAnswerMessage,
} from "./trackerResponse";

/*
 * The answer guard of issue #23 section 6, on its own: bytes read up to a cap from a real local
 * HTTP server, JSON measured before it is parsed, then the endpoint's schema.
 */

const bytes = (text: string) => Buffer.from(text, "utf8");
const bounds = { maxDepth: 3, maxItems: 10, maxDistinctKeys: 2 };

/** The TrackerAnswerError `run` throws (fails the test when it does not). */
function refusal(run: () => unknown): TrackerAnswerError {
  try {
    run();
  } catch (error) {
    if (error instanceof TrackerAnswerError) return error;
    throw error;
  }
  throw new Error("the answer was accepted");
}

describe("jsonBoundBroken", () => {
  it("measures nesting outside strings only", () => {
    expect(jsonBoundBroken(bytes("[[[1]]]"), bounds)).toBeNull();
    expect(jsonBoundBroken(bytes("[[[[1]]]]"), bounds)).toBe("nested deeper than 3 levels");
    expect(jsonBoundBroken(bytes('{"a":{"a":{"a":{}}}}'), bounds)).toBe("nested deeper than 3 levels");
    expect(jsonBoundBroken(bytes('["[[[[[[", "{{{{"]'), bounds)).toBeNull();
    expect(jsonBoundBroken(bytes('["\\"[[[[", "\\\\", [1]]'), bounds)).toBeNull();
    expect(jsonBoundBroken(bytes('["\\\\"[[[[1]]]]]'), bounds)).toBe("nested deeper than 3 levels");
  });

  it("counts items and distinct keys", () => {
    expect(jsonBoundBroken(bytes("[1,2,3,4,5,6,7,8,9]"), bounds)).toBeNull();
    expect(jsonBoundBroken(bytes("[1,2,3,4,5,6,7,8,9,10,11]"), bounds)).toBe("more than 10 items");
    expect(jsonBoundBroken(bytes('[{"a":1,"b":2},{"a":3,"b":4}]'), bounds)).toBeNull();
    expect(jsonBoundBroken(bytes('{"a":1,"b":2,"c":3}'), bounds)).toBe("more than 2 different keys");
    expect(jsonBoundBroken(bytes('{"a":"x:y:z","b":"1,2,3,4,5,6,7,8,9,10,11,12"}'), bounds)).toBeNull();
  });

  it("refuses a million-level nesting by default, without recursion", () => {
    const deep = bytes(`${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`);
    expect(jsonBoundBroken(deep)).toBe("nested deeper than 64 levels");
    expect(jsonBoundBroken(bytes(`${"[".repeat(64)}${"]".repeat(64)}`))).toBeNull();
  });

  it("refuses 5 MB of distinct keys or of empty arrays, which JSON.parse takes about a second over", () => {
    const keys = `{${Array.from({ length: 400_000 }, (_, i) => `"k${i}":1`).join(",")}}`;
    expect(jsonBoundBroken(bytes(keys))).toBe("more than 10,000 different keys");
    const arrays = `[${"[],".repeat(1_000_000)}[]]`;
    expect(jsonBoundBroken(bytes(arrays))).toBe("more than 100,000 items");
  });
});

describe("parseTrackerJson and readTrackerAnswer", () => {
  const page = trackerAnswer(
    "project list",
    z.object({ values: z.array(z.object({ id: z.string(), key: z.string() })).max(2) }),
  );

  it("answers null for no body and refuses what is not JSON", () => {
    expect(parseTrackerJson(bytes(""))).toBeNull();
    expect(parseTrackerJson(bytes('{"a":[1]}'))).toEqual({ a: [1] });
    expect(refusal(() => parseTrackerJson(bytes("<html>")))).toMatchObject({ fault: "shape", detail: "not JSON" });
  });

  it("names the answer and the first problem", () => {
    expect(readTrackerAnswer(bytes('{"values":[{"id":"1","key":"PW","x":1}]}'), page)).toEqual({
      values: [{ id: "1", key: "PW" }],
    });
    const cases: [string, string][] = [
      ['{"values":"PW"}', "project list: values: expected array, received string"],
      ['{"values":[{"id":1,"key":"PW"}]}', "project list: values[0].id: expected string, received number"],
      ['{"values":[{"id":1,"key":2}]}', "project list: values[0].id: expected string, received number (and 1 more)"],
      [
        '{"values":[{"id":"1","key":"A"},{"id":"2","key":"B"},{"id":"3","key":"C"}]}',
        "project list: values: Too big: expected array to have <=2 items",
      ],
      ["", "project list: expected object, received null"],
      ["[[[", "project list: not JSON"],
      [`${"[".repeat(65)}${"]".repeat(65)}`, "project list: nested deeper than 64 levels"],
    ];
    for (const [body, message] of cases) {
      expect([body.slice(0, 40), refusal(() => readTrackerAnswer(bytes(body), page)).message]).toEqual([
        body.slice(0, 40),
        message,
      ]);
    }
  });

  it("words the refusal for users, the tracker named", () => {
    const shape = refusal(() => readTrackerAnswer(bytes('{"values":7}'), page));
    expect(trackerAnswerMessage("Jira", shape)).toBe(
      "Jira answered in an unexpected shape (project list: values: expected array, received number)",
    );
    expect(trackerAnswerMessage("GitHub", new TrackerAnswerError("tooLarge", "larger than 5 MB"))).toBe(
      "GitHub's answer is larger than 5 MB",
    );
  });
});

describe("readTrackerBody", () => {
  let server: http.Server;
  let answer: (res: http.ServerResponse) => void;
  beforeAll(async () => {
    server = http.createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** GETs the local server and reads the body with a cap of `max` bytes. */
  const fetchBody = (max: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: "127.0.0.1", port, path: "/" }, (res) => readTrackerBody(res, max).then(resolve, reject))
        .on("error", () => undefined);
    });

  /** What reading ended with: the body, or the error. */
  const outcome = (max: number) =>
    fetchBody(max).then(
      (b) => b.toString("utf8"),
      (error: unknown) => error,
    );

  it("reads a body up to the cap, and refuses one beyond it", async () => {
    answer = (res) => res.end("x".repeat(100));
    expect(await outcome(100)).toBe("x".repeat(100));
    answer = (res) => {
      res.writeHead(200);
      res.end("x".repeat(101));
    };
    expect(await outcome(100)).toMatchObject({ fault: "tooLarge", detail: "larger than 100 bytes" });
  });

  it("refuses a Content-Length beyond the cap before reading, and stops an answer without end", async () => {
    answer = (res) => {
      res.writeHead(200, { "content-length": String(6 * 1024 * 1024) });
      res.write("x");
    };
    expect(await outcome(5 * 1024 * 1024)).toMatchObject({ fault: "tooLarge", detail: "larger than 5 MB" });
    let sent = 0;
    answer = (res) => {
      const chunk = Buffer.alloc(64 * 1024, "x");
      const pump = () => {
        while (!res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return;
        }
      };
      res.on("drain", pump);
      pump();
    };
    expect(await outcome(1024 * 1024)).toMatchObject({ fault: "tooLarge", detail: "larger than 1 MB" });
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });
});
