import { SNAPSHOT_PARTICIPANT_WINDOW } from "@pointwise/core/realtime";
import { buildSession, buildStory, joinGuest } from "../../api/src/testing/factories";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";

/**
 * Issue #24 section 3 on a phone-sized screen: in a room bigger than SNAPSHOT_PARTICIPANT_WINDOW
 * the leader's screen holds the first people, yet the header and the round count the whole room,
 * a vote of someone it does not show still counts, and "Show everyone" reads the rest on demand.
 * The grace is long (guests join through the API and never connect: they stay present).
 */
const e2e = useBrowserAndServer({ env: { PRESENCE_GRACE_SECONDS: "600" } });

/** Guests besides the leader: the room is the window plus five. */
const GUESTS = SNAPSHOT_PARTICIPANT_WINDOW + 5;

it("shows the first people, the whole room's counts, and everyone on demand", async () => {
  const { leader, session } = await buildSession(e2e.server.url, { title: "All hands" });
  const story = await buildStory(leader, session.id, { title: "Quarterly goals" });
  const guests = [];
  for (let i = 0; i < GUESTS; i += 9) {
    const batch = Array.from({ length: Math.min(9, GUESTS - i) }, (_, j) =>
      joinGuest(e2e.server.url, session.id, `Guest ${String(i + j + 1).padStart(2, "0")}`),
    );
    guests.push(...(await Promise.all(batch)));
  }
  const total = GUESTS + 1;
  const page = await e2e.newPage({ user: leader, width: 390, height: 844 });
  await page.goto(`${e2e.server.url}/session/${session.id}`);
  await page.getByTestId("live-badge").waitFor();
  await page
    .getByTestId("participant-count")
    .filter({ hasText: String(total) })
    .waitFor();
  await page
    .getByTestId("participation-count")
    .filter({ hasText: `0 of ${total} voted` })
    .waitFor();
  await page
    .getByTestId("participants-shown")
    .filter({ hasText: `Showing ${SNAPSHOT_PARTICIPANT_WINDOW} of ${total} people` })
    .waitFor();
  const last = guests[guests.length - 1];
  if (!last) throw new Error("no guests");
  const lastTile = page.getByTestId(`participant-p:${last.join.participant.id}`);
  expect(await lastTile.count()).toBe(0);

  // The last guest, not on the leader's screen, votes: the count follows.
  const vote = await last.client.post("/api/votes", { storyId: story.id, points: 5 });
  expect(vote.status).toBe(200);
  await page
    .getByTestId("participation-count")
    .filter({ hasText: `1 of ${total} voted` })
    .waitFor();
  await snap(page, "big-room-01-first-people");

  await page.getByTestId("participants-show-all").click();
  await page
    .getByTestId("participants-shown")
    .filter({ hasText: `Showing ${total} of ${total} people` })
    .waitFor();
  await lastTile.waitFor();
  expect(await lastTile.getAttribute("data-voted")).toBe("true");
  expect(await page.getByTestId("participants-show-all").count()).toBe(0);
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, "big-room-02-everyone");
}, 120_000);
