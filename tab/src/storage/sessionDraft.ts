import type { EstimationScale } from "@pointwise/core/decks";

/** What was typed into Create Session, kept when the server refused it (issue #22). */
export interface SessionDraft {
  title: string;
  description: string;
  teamId: string;
  scale: EstimationScale;
  customDeck: string;
  maxParticipants: string;
  autoReveal: boolean;
  invited: string[];
  jiraProjectKey: string;
}

const KEY = "pointwise.sessionDraft";

/**
 * The Create Session draft in this tab's sessionStorage (never throws: storage may be blocked in
 * an iframe). Saved when the server refuses the form (the plan's limit), so going to upgrade and
 * coming back finds what was typed; cleared once a session is created.
 */
export const sessionDraft = {
  /** The saved draft, or null. */
  load(): SessionDraft | null {
    try {
      const raw = window.sessionStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as SessionDraft) : null;
    } catch {
      return null;
    }
  },
  save(draft: SessionDraft): void {
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(draft));
    } catch {
      // storage blocked: the open form still holds the values
    }
  },
  clear(): void {
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // storage blocked
    }
  },
};
