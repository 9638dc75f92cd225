import { safeReturnPath, withReturnTo } from "./returnTo";

describe("safeReturnPath (issue #8 section 6: no open redirect)", () => {
  it("keeps same-origin relative paths with their query and fragment", () => {
    expect(safeReturnPath("/join/0b4f4a8e-7a1d-4d5e-9f00-2b1c3d4e5f60")).toBe(
      "/join/0b4f4a8e-7a1d-4d5e-9f00-2b1c3d4e5f60",
    );
    expect(safeReturnPath("/session/abc?tab=results#top")).toBe("/session/abc?tab=results#top");
    expect(safeReturnPath("/a/../join/x")).toBe("/join/x");
  });

  it("refuses other origins, schemes and tricks", () => {
    for (const bad of [
      "//evil.com",
      "//evil.com/join/x",
      "https://evil.com",
      "https://evil.com/join/x",
      "http:evil.com",
      "javascript:alert(1)",
      "evil.com",
      "join/x",
      "/\\evil.com",
      "\\\\evil.com",
      "/\tevil",
      " /join/x",
      "/join/x\n",
      "",
      `/${"a".repeat(2048)}`,
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it("builds a link carrying the return path, or none for an unsafe one", () => {
    expect(withReturnTo("/login", "/join/x")).toBe("/login?returnTo=%2Fjoin%2Fx");
    expect(withReturnTo("/login", "//evil.com")).toBe("/login");
  });
});
