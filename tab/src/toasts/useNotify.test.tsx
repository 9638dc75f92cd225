/**
 * @jest-environment jsdom
 */
import { FluentProvider, Toaster, webLightTheme } from "@fluentui/react-components";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { FlashToast, flashAfterReload, TOASTER_ID } from "./useNotify";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  window.sessionStorage.clear();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** Mounts the app's toaster with FlashToast after it, as App does (a fresh page load). */
function load(): void {
  act(() =>
    root.render(
      <FluentProvider theme={webLightTheme}>
        <Toaster toasterId={TOASTER_ID} />
        <FlashToast />
      </FluentProvider>,
    ),
  );
}

describe("a toast kept across a full page load (sign out everywhere, delete account)", () => {
  it("shows the kept toast once, on the next load only", () => {
    flashAfterReload("Signed out", "You have been signed out of 3 sessions.");
    load();
    expect(document.body.textContent).toContain("Signed out");
    expect(document.body.textContent).toContain("You have been signed out of 3 sessions.");
    expect(window.sessionStorage.length).toBe(0);

    act(() => root.unmount());
    document.body.innerHTML = "";
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
    load();
    expect(document.body.textContent).not.toContain("Signed out");
  });

  it("shows nothing without a kept toast, and ignores a malformed one", () => {
    load();
    expect(document.body.textContent).toBe("");
    act(() => root.unmount());
    window.sessionStorage.setItem("pointwise-flash-toast", "{not json");
    root = createRoot(container);
    load();
    expect(document.body.textContent).toBe("");
    expect(window.sessionStorage.length).toBe(0);
  });
});
