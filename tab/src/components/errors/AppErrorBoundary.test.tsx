/**
 * @jest-environment jsdom
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { AppErrorBoundary } from "./AppErrorBoundary";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken(): never {
  throw new Error("render failed");
}

let container: HTMLDivElement;
let root: Root;
let consoleError: jest.SpyInstance;
beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  consoleError.mockRestore();
});

const page = (path: string, broken: boolean) => (
  <MemoryRouter>
    <AppErrorBoundary resetKey={path}>{broken ? <Broken /> : <p>Fine page</p>}</AppErrorBoundary>
  </MemoryRouter>
);

describe("AppErrorBoundary (spec part 2 section 2, generic error page)", () => {
  it("shows 'Something went wrong' with Go to Dashboard and Try Again instead of a blank screen", () => {
    act(() => root.render(page("/settings", true)));
    expect(container.querySelector("h1")?.textContent).toBe("Something went wrong");
    const buttons = [...container.querySelectorAll("button")].map((b) => b.textContent);
    expect(buttons).toEqual(["Go to Dashboard", "Try Again"]);
  });

  it("keeps the error on the same path and clears it on another", () => {
    act(() => root.render(page("/settings", true)));
    act(() => root.render(page("/settings", false)));
    expect(container.querySelector("h1")?.textContent).toBe("Something went wrong");
    act(() => root.render(page("/sessions", false)));
    expect(container.textContent).toBe("Fine page");
  });
});
