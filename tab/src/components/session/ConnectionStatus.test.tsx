/**
 * @jest-environment jsdom
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { INITIAL_LIVE_STATE, type LiveState } from "../../api/liveSessionCache";
import { ConnectionStatus } from "./ConnectionStatus";

/** Server-renders the banner for one live state. */
function render(live: LiveState): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <FluentProvider theme={webLightTheme}>
        <ConnectionStatus sessionId="session-1" live={live} myVoterKey="p:me" />
      </FluentProvider>
    </QueryClientProvider>,
  );
  return root;
}

/**
 * Issue #8 sections 5 and 8: the "Reconnecting..." banner is a status with its words; its spinner
 * is decoration. A progressbar without a name is a serious axe violation (aria-progressbar-name),
 * which failed the accessibility browser test whenever a socket dropped during a scan.
 */
it("shows Reconnecting... as a status whose spinner is hidden from assistive technology", () => {
  const root = render({ ...INITIAL_LIVE_STATE, connection: "reconnecting", snapshots: 1 });
  const banner = root.querySelector('[data-testid="connection-reconnecting"]');
  expect(banner?.getAttribute("role")).toBe("status");
  expect(banner?.textContent).toContain("Reconnecting...");
  const bars = [...root.querySelectorAll('[role="progressbar"]')];
  expect(bars.length).toBeGreaterThan(0);
  for (const bar of bars) {
    const named = bar.getAttribute("aria-label") || bar.getAttribute("aria-labelledby");
    expect(named || bar.closest('[aria-hidden="true"]')).toBeTruthy();
  }
});

it("shows nothing while online", () => {
  expect(render({ ...INITIAL_LIVE_STATE, connection: "online", snapshots: 1 }).textContent).toBe("");
});
