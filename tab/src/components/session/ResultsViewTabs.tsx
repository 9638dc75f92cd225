import { Tab, TabList } from "@fluentui/react-components";
import type { StoriesOrResults } from "./ResultsViewTabsPlaceholder";

/**
 * The Stories / Results switch of the session screen (issue #8 section 4). Its own file so the
 * session page loads Fluent's tabs only once a story is completed (issue #6 part 4).
 */
export function ResultsViewTabs({
  view,
  onChange,
}: {
  view: StoriesOrResults;
  onChange: (view: StoriesOrResults) => void;
}) {
  return (
    <TabList
      selectedValue={view}
      onTabSelect={(_e, d) => onChange(d.value as StoriesOrResults)}
      data-testid="results-toggle"
    >
      <Tab value="stories">Stories</Tab>
      <Tab value="results">Results</Tab>
    </TabList>
  );
}
