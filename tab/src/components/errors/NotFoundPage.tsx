import { ErrorLayout } from "./ErrorLayout";

/** 404 'Page Not Found' for unknown paths (spec part 1 section 2). */
export function NotFoundPage() {
  return (
    <ErrorLayout
      code="404"
      title="Page Not Found"
      message="The page you are looking for does not exist or has been moved."
      buttons={["dashboard", "back"]}
    />
  );
}
