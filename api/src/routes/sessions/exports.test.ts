import { parse } from "csv-parse/sync";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest, joinMember } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A session with one completed story (votes 5, ½ and a coffee card), one voted but unrevealed, one pending. */
async function finishedOne() {
  const { leader, session } = await buildSession(server.url, { title: "Sprint 12" });
  const done = await buildStory(leader, session.id, { title: "Login", ticketNumber: "PW-1" });
  const hidden = await buildStory(leader, session.id, { title: '=HYPERLINK("http://evil.example")' });
  await buildStory(leader, session.id, { title: "- Search" });
  const member = await buildUser(server.url, { firstName: "Mia" });
  await joinMember(member, session.id);
  const guest = await joinGuest(server.url, session.id, "@Gus");
  await leader.client.post("/api/votes", { storyId: done.id, points: 5 });
  await member.client.post("/api/votes", { storyId: done.id, points: 0.5 });
  await guest.client.post("/api/votes", { storyId: done.id, points: "coffee" });
  expect((await leader.client.post(`/api/stories/${done.id}/reveal-votes`)).status).toBe(200);
  const completed = await leader.client.patch(`/api/stories/${done.id}`, { status: "completed", finalPoints: 5 });
  expect(completed.status).toBe(200);
  await member.client.post("/api/votes", { storyId: hidden.id, points: 21 });
  return { leader, session, member, guest };
}

describe("GET /api/sessions/{id}/export.csv and export.md (issue #8 section 4)", () => {
  it("gives members the CSV as soon as one story is completed: every story, revealed votes per person", async () => {
    const { session, member } = await finishedOne();
    const res = await member.client.get<string>(`/api/sessions/${session.id}/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="session-results-${session.id}.csv"`);
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows).toEqual([
      [
        "ticket",
        "title",
        "status",
        "final points",
        "average",
        "consensus",
        "rounds",
        "Lena Leader",
        "Mia User",
        "'@Gus",
      ],
      ["PW-1", "Login", "Completed", "5", "2.8", "No", "Round 1: ½, 5 - Good Alignment", "5", "½", "☕"],
      // Formula cells are neutralised; the unrevealed 21 is nowhere in the file.
      ["", `'=HYPERLINK("http://evil.example")`, "Voting", "", "", "", "", "", "", ""],
      ["", "'- Search", "Pending", "", "", "", "", "", "", ""],
    ]);
    expect(res.body).not.toContain("21");
  });

  it("gives guests the Markdown file, the same document as the web app's export", async () => {
    const { session, guest } = await finishedOne();
    const res = await guest.client.get<string>(`/api/sessions/${session.id}/export.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="session-results-${session.id}.md"`);
    expect(res.body).toBe(
      [
        "# Sprint 12",
        "",
        "| Story | Ticket | Status | Points | Average | Consensus | Rounds |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        "| Login | PW-1 | Completed | 5 | 2.8 | No | Round 1: ½, 5 - Good Alignment |",
        '| \\=HYPERLINK("http://evil.example") |  | Voting |  |  |  |  |',
        "| \\- Search |  | Pending |  |  |  |  |",
        "",
        "**Total:** 5 points",
        "",
      ].join("\n"),
    );
  });

  it("lists each story's rounds: the earlier one kept by New Round and the revealed last one (issue #8 section 3)", async () => {
    const { leader, session } = await buildSession(server.url, { title: "Two rounds" });
    const story = await buildStory(leader, session.id, { title: "Checkout" });
    const member = await buildUser(server.url, { firstName: "Mia" });
    await joinMember(member, session.id);
    const guest = await joinGuest(server.url, session.id, "Gus");
    const round = async (points: number[]) => {
      for (const [i, who] of [leader, member, guest].entries()) {
        expect((await who.client.post("/api/votes", { storyId: story.id, points: points[i] })).status).toBeLessThan(
          300,
        );
      }
      expect((await leader.client.post(`/api/stories/${story.id}/reveal-votes`)).status).toBe(200);
    };
    await round([13, 3, 5]);
    expect((await leader.client.post(`/api/stories/${story.id}/new-round`)).status).toBe(200);
    await round([5, 5, 5]);
    const done = await leader.client.patch(`/api/stories/${story.id}`, { status: "completed", finalPoints: 5 });
    expect(done.status).toBe(200);

    const expected = "Round 1: 3, 5, 13 - Wide Spread; Round 2: 5, 5, 5 - Strong Consensus";
    const csv = await member.client.get<string>(`/api/sessions/${session.id}/export.csv`);
    expect(csv.status).toBe(200);
    const rows: string[][] = parse(csv.body, { bom: true });
    expect(rows[1]?.slice(0, 7)).toEqual(["", "Checkout", "Completed", "5", "5.0", "Yes", expected]);
    expect(rows[1]?.slice(7)).toEqual(["5", "5", "5"]);
    const md = await guest.client.get<string>(`/api/sessions/${session.id}/export.md`);
    expect(md.body).toContain(`| Checkout |  | Completed | 5 | 5.0 | Yes | ${expected} |`);
  });

  it("refuses the signed-out (401), strangers (403), a malformed id (400) and an unknown session (404)", async () => {
    const { session, leader } = await finishedOne();
    const attacker = await buildUser(server.url, { firstName: "Mallory" });
    for (const format of ["csv", "md"]) {
      const path = `/api/sessions/${session.id}/export.${format}`;
      expect((await new ApiClient(server.url).get(path)).status).toBe(401);
      const stolen = await attacker.client.get<{ code: string }>(path);
      expect(stolen.status).toBe(403);
      expect(JSON.stringify(stolen.body)).not.toContain("Login");
      const bad = await leader.client.get<{ code: string }>(`/api/sessions/not-a-uuid/export.${format}`);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe("VALIDATION_ERROR");
      const unknown = await leader.client.get(`/api/sessions/00000000-0000-4000-8000-000000000000/export.${format}`);
      expect(unknown.status).toBe(404);
    }
  });
});
