/**
 * Where a story moved from index `from` to index `to` of the queue goes, as POST
 * /api/stories/{id}/move takes it (issue #22 section 2; drag and drop, or Move up/down by one):
 * the id of the story it will follow, null for the front. Moving down it follows the story now
 * at `to`; moving up it follows the one before `to`. Undefined when that row is not known (not
 * read yet) or nothing moves.
 * @param rowAt the story id at an index of the queue, undefined when not read
 */
export function moveAnchor(
  from: number,
  to: number,
  rowAt: (index: number) => string | undefined,
): string | null | undefined {
  if (to === from || to < 0) return undefined;
  if (to > from) return rowAt(to);
  return to === 0 ? null : rowAt(to - 1);
}
