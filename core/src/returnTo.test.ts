import fc from "fast-check";
import { safeReturnPath, withReturnTo } from "./returnTo";

/** Where a browser lands when it follows `Location: path` from a page of `origin`. */
const landing = (path: string, origin: string) => new URL(path, origin);

/**
 * Every way a consumer may read a safe return path again keeps it on our origin: resolved
 * against two different origins, and percent-decoded (up to three times) then resolved.
 */
function assertSameOrigin(path: string) {
  expect(path.startsWith("/")).toBe(true);
  expect(path.startsWith("//") || path.startsWith("/\\")).toBe(false);
  for (const origin of ["https://pointwise.example", "http://127.0.0.1:3978"]) {
    expect(landing(path, origin).origin).toBe(new URL(origin).origin);
    let decoded = landing(path, origin).pathname;
    for (let i = 0; i < 3; i++) {
      try {
        decoded = decodeURIComponent(decoded);
      } catch {
        break; // nothing decodes it further
      }
      const url = landing(decoded, origin);
      expect(url.origin).toBe(new URL(origin).origin);
      expect(url.pathname.startsWith("//")).toBe(false);
      decoded = url.pathname;
    }
  }
}

describe("safeReturnPath (issue #8 section 6, issue #23 section 3: no open redirect)", () => {
  it("keeps same-origin relative paths with their query and fragment", () => {
    expect(safeReturnPath("/join/0b4f4a8e-7a1d-4d5e-9f00-2b1c3d4e5f60")).toBe(
      "/join/0b4f4a8e-7a1d-4d5e-9f00-2b1c3d4e5f60",
    );
    expect(safeReturnPath("/session/abc?tab=results#top")).toBe("/session/abc?tab=results#top");
    expect(safeReturnPath("/a/../join/x")).toBe("/join/x");
    expect(safeReturnPath("/./teams")).toBe("/teams");
    expect(safeReturnPath("/")).toBe("/");
    // Backslashes are slashes to the URL parser (and to browsers): normalised, then checked.
    expect(safeReturnPath("/teams\\x")).toBe("/teams/x");
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

  it("refuses paths that only become another origin once normalised (issue #23 section 3)", () => {
    for (const bad of [
      "/.//evil.example/phish",
      "/..//evil.example/phish",
      "/%2e//evil.example/phish",
      "/%2E%2E//evil.example/phish",
      "/a/..//evil.example/phish",
      "/a/b/../..//evil.example",
      "/a/%2e%2e//evil.example",
      "/.\\/evil.example",
      "/..\\\\evil.example",
      "/a/..\\/evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%2f%5cevil.example",
      "/%252F%252Fevil.example",
      "/%2509/evil.example",
    ]) {
      expect({ bad, safe: safeReturnPath(bad) }).toEqual({ bad, safe: null });
    }
  });

  it("never answers a path that leaves the origin, whatever the input (fuzzed)", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2f",
      "%2F",
      "%5c",
      "%5C",
      "%25",
      "%",
      "evil.example",
      "join",
      ":",
      "@",
      "?",
      "#",
      "http:",
      "https://",
      "javascript:",
      "\t",
      " ",
      "\u0000",
      "a",
    );
    const tricky = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));
    const anyText = fc.string({ unit: "binary", maxLength: 40 });
    fc.assert(
      fc.property(
        fc.oneof(
          tricky,
          anyText,
          tricky.map((s) => `/${s}`),
        ),
        (input) => {
          const safe = safeReturnPath(input);
          if (safe === null) return;
          assertSameOrigin(safe);
          // A safe path is its own normal form.
          expect(safeReturnPath(safe)).toBe(safe);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keeps every plain path of the app (fuzzed)", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(safeReturnPath(path)).toBe(path);
      }),
    );
  });

  it("builds a link carrying the return path, or none for an unsafe one", () => {
    expect(withReturnTo("/login", "/join/x")).toBe("/login?returnTo=%2Fjoin%2Fx");
    expect(withReturnTo("/login", "//evil.com")).toBe("/login");
    expect(withReturnTo("/login", "/.//evil.example/phish")).toBe("/login");
  });
});
