import type { StoryView } from "@pointwise/core/presented";

/**
 * The stories whose title or ticket number contains `query`, case-insensitively, in queue
 * order (the Story Queue's search box; issue #8 section 6, "Large backlogs"). Surrounding
 * spaces are ignored; an empty query returns `stories` itself (same array, so memoised rows
 * stay as they are).
 */
export function filterStories(stories: readonly StoryView[], query: string): readonly StoryView[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === "") return stories;
  return stories.filter(
    (s) =>
      s.title.toLocaleLowerCase().includes(needle) || s.ticketNumber?.toLocaleLowerCase().includes(needle) === true,
  );
}
