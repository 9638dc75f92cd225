import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorLayout } from "./ErrorLayout";

interface Props {
  children: ReactNode;
  /** A change (e.g. the path) clears a caught error, so navigating away recovers. */
  resetKey: string;
}

interface State {
  error: Error | null;
  /** The resetKey the error was caught under. */
  caughtAt: string | null;
}

/**
 * The generic error page around the routes (spec part 2 section 2, "Error pages": Generic,
 * "Something went wrong"): a render error anywhere below shows it instead of a blank screen, with
 * Go to Dashboard and Try Again; moving to another path clears it.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, caughtAt: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.caughtAt !== null && state.caughtAt !== props.resetKey)
      return { error: null, caughtAt: null };
    if (state.error && state.caughtAt === null) return { caughtAt: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Render failed", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorLayout
        title="Something went wrong"
        message="An unexpected error occurred. Please try again."
        buttons={["dashboard", "retry"]}
      />
    );
  }
}
