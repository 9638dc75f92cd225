import { isSafeLinkTarget, type JiraBlock, jiraToPlainText, parseJiraInline, parseJiraMarkup } from "./jiraMarkup";

/** Real descriptions from ../shared/data/storypoints/bamboo.csv (line breaks stored as two spaces). */
const BAM_65 =
  "Sometimes, when you perform a CVS action you get something like    {noformat}  cvs update: [01:38:32] waiting for mchai's lock in /cvsroot/atlassian/maven2test/bamboo  {noformat}    so Bamboo would probably just hang and become not so happy.";
const BAM_3905 =
  "h3. Case A    Consider a series of builds:    BUILD-1  Test X passed  BUILD-2  Test X failed    h3. Case B    There's another interesting case";
const BAM_3616 =
  "* Should respect the sub-working directory. Only look for poms under the sub-working directory  * Only read top level pom for modules  * Pom is read only when building.";
const BAM_4037 =
  "Availability zone support is a pre-requisite for [Reserved Instance|http://aws.amazon.com/ec2/faqs/#What_is_a_Reserved_Instance] support.";
const BAM_5172 =
  "When using cvs ampersand modules on a tag/branch bamboo checks out the _initial_ working copy just fine.    For subsequent builds bamboo *deletes* all files in the working copy when updating.";
const BAM_7365 =
  "This is not occuring.    {color:red}edit: remove this functionality from Mercurial Repository. See comments below{color}";
const BAM_5281 =
  "Steps to reproduce:    # Deploy JIRA 4.0.1 WAR into Tomcat 5.5.26  # Deploy Bamboo 2.5.1 WAR into same Tomcat    Bamboo gets this far:    {quote}  2010-02-04 16:06:03,522 INFO [main] No IM server specified.  {quote}";

const kinds = (blocks: JiraBlock[]) => blocks.map((b) => b.kind);

describe("parseJiraMarkup (issue #8 section 6)", () => {
  it("reads {noformat} as a code block between paragraphs (BAM-65)", () => {
    const blocks = parseJiraMarkup(BAM_65);
    expect(kinds(blocks)).toEqual(["paragraph", "code", "paragraph"]);
    expect(blocks[1]).toEqual({
      kind: "code",
      text: "cvs update: [01:38:32] waiting for mchai's lock in /cvsroot/atlassian/maven2test/bamboo",
      language: null,
    });
    expect(jiraToPlainText(BAM_65)).not.toContain("{noformat}");
  });

  it("reads {code:java} with its language and keeps the code's own lines", () => {
    const blocks = parseJiraMarkup("Try this:\n{code:java}\nint x = 1;\n  return *x*;\n{code}\nthen run it");
    expect(blocks[1]).toEqual({ kind: "code", text: "int x = 1;\n  return *x*;", language: "java" });
    expect(parseJiraMarkup("{code:title=Foo.java|borderStyle=solid}a{code}")[0]).toEqual({
      kind: "code",
      text: "a",
      language: null,
    });
  });

  it("reads h1.-h6. headings (BAM-3905)", () => {
    const blocks = parseJiraMarkup(BAM_3905);
    expect(blocks[0]).toEqual({ kind: "heading", level: 3, inlines: [{ kind: "text", text: "Case A" }] });
    expect(blocks.filter((b) => b.kind === "heading")).toHaveLength(2);
    expect(jiraToPlainText(BAM_3905)).not.toMatch(/h3\./);
    expect(parseJiraMarkup("h1. Big\nh6. Small").map((b) => (b.kind === "heading" ? b.level : 0))).toEqual([1, 6]);
  });

  it("reads * and # lists (BAM-3616, BAM-5281)", () => {
    const bullets = parseJiraMarkup(BAM_3616);
    expect(bullets).toHaveLength(1);
    const list = bullets[0];
    expect(list?.kind === "list" && !list.ordered && list.items.length).toBe(3);
    const steps = parseJiraMarkup(BAM_5281);
    expect(kinds(steps)).toEqual(["paragraph", "list", "paragraph", "quote"]);
    expect(steps[1]?.kind === "list" && steps[1].ordered).toBe(true);
    expect(jiraToPlainText(BAM_5281)).toContain("1. Deploy JIRA 4.0.1 WAR into Tomcat 5.5.26\n2. Deploy Bamboo");
  });

  it("reads *bold*, _italic_ and {{monospace}} but not stars and underscores inside words (BAM-5172)", () => {
    const inlines = parseJiraMarkup(BAM_5172).flatMap((b) => (b.kind === "paragraph" ? b.inlines : []));
    expect(inlines).toContainEqual({ kind: "emphasis", text: "initial" });
    expect(inlines).toContainEqual({ kind: "strong", text: "deletes" });
    expect(parseJiraInline("use {{mvn -e}} and snake_case_name, 2 * 3 * 4, a*b*c")).toEqual([
      { kind: "text", text: "use " },
      { kind: "code", text: "mvn -e" },
      { kind: "text", text: " and snake_case_name, 2 * 3 * 4, a*b*c" },
    ]);
  });

  it("reads [text|url] and [url] links, and keeps other targets as text (BAM-4037)", () => {
    const inlines = parseJiraInline(BAM_4037);
    expect(inlines[1]).toEqual({
      kind: "link",
      text: "Reserved Instance",
      href: "http://aws.amazon.com/ec2/faqs/#What_is_a_Reserved_Instance",
    });
    expect(parseJiraInline("[https://example.com/x]")).toEqual([
      { kind: "link", text: "https://example.com/x", href: "https://example.com/x" },
    ]);
    expect(parseJiraInline("[click|javascript:alert(1)]")).toEqual([{ kind: "text", text: "click" }]);
    expect(parseJiraInline("[~jdoe] said")).toEqual([{ kind: "text", text: "[~jdoe] said" }]);
  });

  it("drops {color} tags but keeps their text (BAM-7365)", () => {
    expect(jiraToPlainText(BAM_7365)).toBe(
      "This is not occuring.\n\nedit: remove this functionality from Mercurial Repository. See comments below",
    );
  });

  it("strips the tags of {html} blocks and never returns HTML to inject", () => {
    const text = jiraToPlainText(
      "{html}<div><p>Create a <b>label</b>:</p> <pre>Ti.UI.createLabel( { &lt;x&gt; } );</pre></div>{html}",
    );
    expect(text).toContain("Create a label:");
    expect(text).toContain("Ti.UI.createLabel( { <x> } );");
    expect(text).not.toMatch(/<div|<p>|<b>/);
  });

  it("keeps plain text as paragraphs with its line breaks, and an unclosed {code} runs to the end", () => {
    expect(parseJiraMarkup("line one\nline two\n\nnext")).toEqual([
      { kind: "paragraph", inlines: [{ kind: "text", text: "line one\nline two" }] },
      { kind: "paragraph", inlines: [{ kind: "text", text: "next" }] },
    ]);
    expect(parseJiraMarkup("a\n{code}\nx = 1")).toEqual([
      { kind: "paragraph", inlines: [{ kind: "text", text: "a" }] },
      { kind: "code", text: "x = 1", language: null },
    ]);
    expect(parseJiraMarkup("")).toEqual([]);
  });
});

describe("isSafeLinkTarget", () => {
  it("accepts http, https and mailto only", () => {
    expect(isSafeLinkTarget("https://example.com")).toBe(true);
    expect(isSafeLinkTarget("HTTP://example.com/a")).toBe(true);
    expect(isSafeLinkTarget("mailto:a@example.com")).toBe(true);
    expect(isSafeLinkTarget("javascript:alert(1)")).toBe(false);
    expect(isSafeLinkTarget("data:text/html,x")).toBe(false);
    expect(isSafeLinkTarget("//evil.com")).toBe(false);
    expect(isSafeLinkTarget("https:///x")).toBe(false);
  });
});
