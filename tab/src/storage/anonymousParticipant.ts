import { localStore } from "./localStore";

/** A guest's identity in one session (spec part 2 section 3, "Anonymous participant"). */
export interface AnonymousParticipant {
  participantId: string;
  displayName: string;
  sessionId: string;
  /** The participant token of join-anonymous, kept where cookies may be blocked (the Teams iframe). */
  participantToken?: string;
}

const KEY = "anonymous_participant";

/** Stores the guest identity after a successful join-anonymous. */
export function saveAnonymousParticipant(participant: AnonymousParticipant): void {
  const all = readAll().filter((p) => p.sessionId !== participant.sessionId);
  localStore.set(KEY, JSON.stringify([participant, ...all].slice(0, 20)));
}

function readAll(): AnonymousParticipant[] {
  try {
    const parsed = JSON.parse(localStore.get(KEY) ?? "[]") as unknown;
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter(
      (p): p is AnonymousParticipant =>
        typeof p?.participantId === "string" && typeof p?.sessionId === "string" && typeof p?.displayName === "string",
    );
  } catch {
    return [];
  }
}

/** The guest identity stored for `sessionId`, or null. */
export function readAnonymousParticipant(sessionId: string): AnonymousParticipant | null {
  return readAll().find((p) => p.sessionId === sessionId) ?? null;
}
