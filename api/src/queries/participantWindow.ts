import { type ParticipantCountsField, SNAPSHOT_PARTICIPANT_WINDOW } from "@pointwise/core/realtime";
import type { ParticipantPresence } from "./roundProgress";

/** The room's head counts as `participantCounts` carries them (core ParticipantCountsField). */
export type ParticipantCounts = NonNullable<ParticipantCountsField["participantCounts"]>;

/** People of the room (participantPresence) and who of them are present. */
export function participantCountsOf(people: readonly Pick<ParticipantPresence, "present">[]): ParticipantCounts {
  return { total: people.length, present: people.filter((p) => p.present).length };
}

/**
 * The room-wide part of a big room that every client holds in full (issue #24 section 3): the
 * voterKeys of the first SNAPSHOT_PARTICIPANT_WINDOW people in join order and of the leaders
 * (`leaderKeys`, core leaderKeysOf, whether or not they joined). Null for a room of at most
 * SNAPSHOT_PARTICIPANT_WINDOW people: everyone is shown, as before.
 * @param people the room in join order (participantPresence)
 */
export function roomWindowKeys(
  people: readonly Pick<ParticipantPresence, "voterKey">[],
  leaderKeys: readonly string[],
): Set<string> | null {
  if (people.length <= SNAPSHOT_PARTICIPANT_WINDOW) return null;
  const keys = new Set(leaderKeys);
  for (const p of people.slice(0, SNAPSHOT_PARTICIPANT_WINDOW)) keys.add(p.voterKey);
  return keys;
}

/**
 * The people a snapshot carries in full (issue #24 section 3), in join order: everyone in a room
 * of at most SNAPSHOT_PARTICIPANT_WINDOW, else those of roomWindowKeys and the viewer themself.
 * @param viewerKey the snapshot's viewer (null: a viewer who is no participant)
 */
export function snapshotPeople<P extends Pick<ParticipantPresence, "voterKey">>(
  people: readonly P[],
  leaderKeys: readonly string[],
  viewerKey: string | null,
): P[] {
  const window = roomWindowKeys(people, leaderKeys);
  if (!window) return [...people];
  return people.filter((p) => window.has(p.voterKey) || p.voterKey === viewerKey);
}
