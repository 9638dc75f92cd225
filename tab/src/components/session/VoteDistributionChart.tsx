import { tokens } from "@fluentui/react-components";
import type { DistributionEntry } from "@pointwise/core/consensus";
import { type Card, cardLabel } from "@pointwise/core/decks";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_TOKENS } from "./chartColors";

/**
 * A bar chart of how many votes each card received; the single most common value is highlighted.
 * Bar colours: CHART_TOKENS (contrast >= 3:1 in light, dark and high contrast; issue #8 section 6).
 */
export function VoteDistributionChart({
  distribution,
  deck,
  mode,
}: {
  distribution: DistributionEntry[];
  deck: Card[];
  mode: number | null;
}) {
  const data = distribution.map((d) => ({ label: cardLabel(deck, d.points), points: d.points, count: d.count }));
  return (
    <div data-testid="vote-distribution" style={{ width: "100%", height: 140 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={tokens.colorNeutralStroke2} />
          <XAxis dataKey="label" tick={{ fill: tokens.colorNeutralForeground2 }} />
          <YAxis allowDecimals={false} tick={{ fill: tokens.colorNeutralForeground2 }} />
          <Tooltip
            cursor={{ fill: tokens.colorNeutralBackground3 }}
            formatter={(value) => [value, "Votes"]}
            contentStyle={{ backgroundColor: tokens.colorNeutralBackground1, borderColor: tokens.colorNeutralStroke1 }}
          />
          <Bar dataKey="count" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {data.map((d) => (
              // Solid colours with 3:1 against the panel in every theme (chartColors.ts).
              <Cell key={d.points} fill={tokens[d.points === mode ? CHART_TOKENS.mode : CHART_TOKENS.other]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
