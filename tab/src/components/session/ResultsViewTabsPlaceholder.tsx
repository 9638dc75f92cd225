import { makeStyles } from "@fluentui/react-components";

/** Which view the session screen shows once a story is completed (issue #8 section 4). */
export type StoriesOrResults = "stories" | "results";

const useStyles = makeStyles({
  // The tab list's own height (medium tabs), so the layout stays still while its code loads.
  placeholder: { height: "44px" },
});

/** Same height as ResultsViewTabs, shown while its code loads (issue #6 part 4). */
export function ResultsViewTabsPlaceholder() {
  return <div className={useStyles().placeholder} aria-hidden="true" />;
}
