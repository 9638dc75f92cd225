import { safeReturnPath } from "@pointwise/core/returnTo";
import { useSearchParams } from "react-router";

/**
 * The page's `?returnTo=` when it is a safe same-origin path (core safeReturnPath: no open
 * redirect), else null. Sign In and Register go there afterwards (issue #8 section 6).
 */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get("returnTo"));
}
