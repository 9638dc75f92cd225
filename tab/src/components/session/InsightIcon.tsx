import {
  Calculator20Regular,
  CheckboxChecked20Regular,
  Clock20Regular,
  DataLine20Regular,
  Flash20Regular,
  type FluentIcon,
  Lightbulb20Regular,
  People20Regular,
  Shield20Regular,
  Target20Regular,
  Warning20Regular,
} from "@fluentui/react-icons";
import type { InsightIcon as InsightIconName } from "@pointwise/core/insights";

/** Fluent icons for the spec's insight icon names (spec part 2 section 9). */
const ICONS: Record<InsightIconName, FluentIcon> = {
  lightbulb: Lightbulb20Regular,
  "exclamation-triangle": Warning20Regular,
  "chart-line": DataLine20Regular,
  "shield-alt": Shield20Regular,
  calculator: Calculator20Regular,
  "check-square": CheckboxChecked20Regular,
  bullseye: Target20Regular,
  clock: Clock20Regular,
  users: People20Regular,
  bolt: Flash20Regular,
};

/** The icon of an insight by its name; `data-icon` carries the name for tests and styling. */
export function InsightIcon({ name, className }: { name: InsightIconName; className?: string }) {
  const Icon = ICONS[name] ?? Lightbulb20Regular;
  return <Icon className={className} data-icon={name} aria-hidden />;
}
