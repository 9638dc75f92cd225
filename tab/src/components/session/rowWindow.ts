import { type RefObject, useCallback, useLayoutEffect, useState } from "react";

/** The rows to render of a fixed-height list: indexes `start` (inclusive) to `end` (exclusive). */
export interface RowRange {
  start: number;
  end: number;
}

/**
 * Which rows of a list of `count` rows, each `rowHeight` px tall, are in a viewport scrolled
 * to `scrollTop` and `viewportHeight` px tall, plus `overscan` rows on either side (issue #8
 * section 6, "Large backlogs": only those are rendered). Pure; clamps to [0, count].
 */
export function rowRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): RowRange {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / rowHeight);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.max(0, Math.min(count, last + overscan)) };
}

/**
 * The scroll position that brings row `index` into view with the least movement (unchanged
 * when it is already fully visible).
 */
export function scrollTopFor(index: number, rowHeight: number, scrollTop: number, viewportHeight: number): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}

/**
 * Windowing for a scrollable list of fixed-height rows: follows the scroll position and the
 * element's height, and re-renders only when the range of rows changes. `initialHeight` is
 * used before the element is measured (and in server rendering).
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan: number,
  initialHeight: number,
): RowRange & { scrollToIndex: (index: number) => void } {
  const [range, setRange] = useState(() => rowRange(0, initialHeight, rowHeight, count, overscan));

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const update = () => {
      const next = rowRange(el.scrollTop, el.clientHeight || initialHeight, rowHeight, count, overscan);
      setRange((was) => (was.start === next.start && was.end === next.end ? was : next));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      observer?.disconnect();
    };
  }, [scrollRef, count, rowHeight, overscan, initialHeight]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const el = scrollRef.current;
      if (!el || index < 0) return;
      const top = scrollTopFor(index, rowHeight, el.scrollTop, el.clientHeight || initialHeight);
      if (top !== el.scrollTop) el.scrollTop = top;
    },
    [scrollRef, rowHeight, initialHeight],
  );

  return { ...range, scrollToIndex };
}
