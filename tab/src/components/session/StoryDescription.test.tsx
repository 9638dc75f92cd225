/**
 * @jest-environment jsdom
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { renderToStaticMarkup } from "react-dom/server";
import { StoryDescription } from "./StoryDescription";

function render(text: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(
    <FluentProvider theme={webLightTheme}>
      <StoryDescription text={text} />
    </FluentProvider>,
  );
  return root.querySelector('[data-testid="story-description"]') as HTMLElement;
}

describe("StoryDescription (issue #8 section 6)", () => {
  it("renders Jira markup as elements and starts collapsed", () => {
    const body = render(
      "h3. Case A\nSee *this* and _that_ in [the docs|https://example.com/d].\n{code:java}\nint x;\n{code}\n# one\n# two",
    );
    expect(body.getAttribute("data-collapsed")).toBe("true");
    expect(body.querySelector("h5")?.textContent).toBe("Case A");
    expect(body.querySelector("strong")?.textContent).toBe("this");
    expect(body.querySelector("em")?.textContent).toBe("that");
    const link = body.querySelector("a");
    expect(link?.getAttribute("href")).toBe("https://example.com/d");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(body.querySelector("pre")?.textContent).toBe("int x;");
    expect(body.querySelectorAll("ol li")).toHaveLength(2);
    expect(body.textContent).not.toMatch(/h3\.|\{code/);
  });

  it("shows HTML and scripts in a description as text, never as elements", () => {
    const body = render(
      '<img src=x onerror="alert(1)"> [x|javascript:alert(1)] {html}<script>alert(2)</script>ok{html}',
    );
    expect(body.querySelector("img, script, a")).toBeNull();
    expect(body.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});
