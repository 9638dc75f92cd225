import type { app, authentication, meeting, pages } from "@microsoft/teams-js";
import { setTeamsTokenSource } from "../api/teamsCredentials";

/** The parts of the Teams JavaScript SDK (teams-js v2) the tab uses. */
export interface TeamsSdk {
  app: typeof app;
  authentication: typeof authentication;
  meeting: typeof meeting;
  pages: typeof pages;
}

/** The tab runs inside a Teams (or Microsoft 365) host: its SDK, context and sign-in state. */
export interface TeamsHost {
  sdk: TeamsSdk;
  context: app.Context;
  /** True when Teams SSO gave a token (API calls carry it); false for anonymous meeting guests. */
  signedIn: boolean;
}

/** How long the host may take to answer `app.initialize` before the tab falls back to the website. */
const INITIALIZE_TIMEOUT_MS = 5000;
/** How long Teams SSO may take; a guest's getAuthToken can hang instead of failing. */
const AUTH_TIMEOUT_MS = 8000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function detect(): Promise<TeamsHost | null> {
  if (window.self === window.top) return null;
  try {
    // Loaded only inside a frame: on import teams-js fetches its list of host origins.
    const sdk = await import("@microsoft/teams-js");
    await withTimeout(sdk.app.initialize(), INITIALIZE_TIMEOUT_MS, "Teams initialize");
    const context = await withTimeout(sdk.app.getContext(), INITIALIZE_TIMEOUT_MS, "Teams getContext");
    let signedIn = false;
    try {
      const token = await withTimeout(sdk.authentication.getAuthToken(), AUTH_TIMEOUT_MS, "Teams SSO");
      setTeamsTokenSource(() => sdk.authentication.getAuthToken(), token);
      signedIn = true;
    } catch (error) {
      // Anonymous meeting guests cannot use SSO; they join sessions by name (issue #3).
      console.info("Teams SSO unavailable; continuing as a guest", error);
    }
    sdk.app.notifySuccess().catch(() => undefined);
    return { sdk, context, signedIn };
  } catch (error) {
    // Any other iframe (or a host that does not answer): the tab works as the plain website.
    console.info("Not running in a Teams host", error);
    return null;
  }
}

let detection: Promise<TeamsHost | null> | null = null;

/**
 * Works out once per page load whether the tab runs inside Teams: top-level pages are the
 * website; inside a frame it initializes teams-js (5 s timeout), reads the context and tries
 * SSO. Resolves to null for the website (or when the frame's host is not Teams).
 */
export function detectTeamsHost(): Promise<TeamsHost | null> {
  detection ??= detect();
  return detection;
}

/** The Teams conversation a meeting tab belongs to: the meeting chat's id, else the channel's, else null. */
export function conversationIdOf(context: app.Context): string | null {
  return context.chat?.id ?? context.channel?.id ?? null;
}
