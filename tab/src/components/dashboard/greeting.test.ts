import { greetingFor, isFirstVisit } from "./greeting";

describe("greetingFor (issue #8 section 6)", () => {
  it("welcomes a first-time user and welcomes back a returning one", () => {
    expect(greetingFor("Lena", true)).toBe("Welcome, Lena!");
    expect(greetingFor("Lena", false)).toBe("Welcome back, Lena!");
    expect(greetingFor("  ", false)).toBe("Welcome back, there!");
    expect(greetingFor(null, true)).toBe("Welcome, there!");
  });

  it("reads the first-visit flag from navigation state only when it is exactly true", () => {
    expect(isFirstVisit({ firstVisit: true })).toBe(true);
    expect(isFirstVisit({ firstVisit: "true" })).toBe(false);
    expect(isFirstVisit(null)).toBe(false);
    expect(isFirstVisit(undefined)).toBe(false);
  });
});
