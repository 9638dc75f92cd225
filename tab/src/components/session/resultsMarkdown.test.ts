import { deckFor } from "@pointwise/core/decks";
import { buildSession, buildStory } from "../../testing/viewFactories";
import { resultsMarkdown } from "./resultsMarkdown";

describe("resultsMarkdown (spec part 2 section 9)", () => {
  it("writes a table of stories with their points, Skipped for skipped ones, and the total", () => {
    const session = buildSession({ title: "Sprint 12" });
    const stories = [
      buildStory({ id: "a", title: "Login", ticketNumber: "PW-1", status: "completed", finalPoints: 5 }),
      buildStory({ id: "b", title: "Logout", status: "skipped" }),
    ];
    expect(resultsMarkdown(session, stories, 5)).toBe(
      [
        "# Sprint 12",
        "",
        "| Story | Ticket | Points |",
        "| --- | --- | --- |",
        "| Login | PW-1 | 5 |",
        "| Logout |  | Skipped |",
        "",
        "**Total:** 5 points",
        "",
      ].join("\n"),
    );
  });

  it("labels points with the session's deck and ? for a completed story without points", () => {
    const session = buildSession({ estimationScale: "tshirt", deck: deckFor("tshirt") });
    const stories = [
      buildStory({ id: "a", status: "completed", finalPoints: 8 }),
      buildStory({ id: "b", status: "completed", finalPoints: null }),
    ];
    const rows = resultsMarkdown(session, stories, 8).split("\n").slice(4, 6);
    expect(rows).toEqual(["| Login page |  | XL |", "| Login page |  | ? |"]);
  });

  it("escapes pipes in titles so the table keeps its columns", () => {
    const md = resultsMarkdown(buildSession(), [buildStory({ title: "A | B", status: "skipped" })], 0);
    expect(md).toContain("| A \\| B |  | Skipped |");
  });

  it("keeps hostile titles inert: no new rows, HTML, links or images (issue #7)", () => {
    const session = buildSession({ title: "<img src=x onerror=alert(1)>\n# Owned" });
    const stories = [
      buildStory({ id: "a", title: "Line one\n| x | y | z |\r\nline two", status: "skipped" }),
      buildStory({ id: "b", title: "[click](javascript:alert(1))", status: "skipped" }),
      buildStory({ id: "c", title: "<script>alert(1)</script> ![p](https://evil.example/p.png)", status: "skipped" }),
    ];
    const md = resultsMarkdown(session, stories, 0);
    const lines = md.split("\n");
    expect(lines).toHaveLength(4 + stories.length + 3);
    expect(lines[0]).toBe("# \\<img src=x onerror=alert(1)\\> # Owned");
    expect(lines[4]).toBe("| Line one \\| x \\| y \\| z \\| line two |  | Skipped |");
    expect(lines[5]).toBe("| \\[click\\](javascript:alert(1)) |  | Skipped |");
    expect(lines[6]).toBe("| \\<script\\>alert(1)\\</script\\> !\\[p\\](https://evil.example/p.png) |  | Skipped |");
    // Each row still has exactly three cells.
    for (const row of lines.slice(4, 7)) expect(row.split(/(?<!\\)\|/).length).toBe(5);
  });
});
