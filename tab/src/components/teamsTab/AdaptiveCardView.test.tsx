/**
 * @jest-environment jsdom
 */
import { markdownText } from "@pointwise/core/markdownText";
import { AdaptiveCard } from "adaptivecards";
import "./AdaptiveCardView";

/** Renders card JSON with the `adaptivecards` library and the tab's Markdown processing. */
function render(card: object): HTMLElement {
  const adaptive = new AdaptiveCard();
  adaptive.parse(card);
  const element = adaptive.render();
  if (!element) throw new Error("did not render");
  return element;
}

describe("AdaptiveCardView Markdown (the bot's cards in the tab)", () => {
  it("shows escaped user text literally, keeps our bold, and makes no link or image (issue #7)", () => {
    const name = "[Admin](https://evil.example) ![p](https://evil.example/p.png) <b>x</b> **y**";
    const element = render({
      type: "AdaptiveCard",
      version: "1.5",
      body: [
        { type: "TextBlock", text: `Voted (1 of 2): ${markdownText(name)}` },
        { type: "TextBlock", text: "Your vote: **5**" },
        { type: "FactSet", facts: [{ title: markdownText("_t_"), value: markdownText("[v](javascript:alert(1))") }] },
      ],
    });
    expect(element.querySelectorAll("a, img, b, script")).toHaveLength(0);
    expect(element.textContent).toContain(`Voted (1 of 2): ${name}`);
    expect(element.textContent).toContain("[v](javascript:alert(1))");
    expect([...element.querySelectorAll("strong")].map((s) => s.textContent)).toEqual(["5"]);
  });
});
