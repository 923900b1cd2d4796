import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Pie,
  PieChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

// The report charts (docs/rules.md#reports): loaded on demand by the report pages only, so recharts stays out of
// every other chunk. Each chart sits beside a table holding the same figures; the chart itself is one image with
// a label (its table is what a screen reader reads).

/** Colours with at least 3:1 contrast on white, told apart without hue alone by their order and the legend. */
export const COLORS = [
  '#1d4ed8',
  '#0f766e',
  '#b45309',
  '#7c3aed',
  '#be123c',
  '#4d7c0f',
  '#0e7490',
  '#6b21a8',
];
const RED = '#b91c1c';

type Won = (amount: number) => string;
type Series = { key: string; name: string; color?: string };

/** Axis figures without the currency: 1,200,000 → 120만 (ko) or 1.2M (en). */
const compact = (language: string) => (value: number) =>
  new Intl.NumberFormat(language.startsWith('ko') ? 'ko-KR' : 'en-US', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);

function Frame({
  label,
  height = 260,
  children,
}: {
  label: string;
  height?: number;
  children: React.ReactElement;
}) {
  return (
    <div className="fd-report-chart" role="img" aria-label={label} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Bars by period (day or month): received above the axis, refunds below it, the net as a line. */
export function PeriodBars({
  label,
  data,
  series,
  line,
  won,
  language,
}: {
  label: string;
  data: Record<string, string | number>[];
  series: Series[];
  line?: Series;
  won: Won;
  language: string;
}) {
  return (
    <Frame label={label}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} stackOffset="sign">
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" minTickGap={8} />
        <YAxis tickFormatter={compact(language)} width={56} />
        <Tooltip formatter={(value) => won(Number(value))} />
        <Legend />
        <ReferenceLine y={0} stroke="#595959" />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.color ?? COLORS[i % COLORS.length]}
            stackId="money"
            isAnimationActive={false}
          />
        ))}
        {line && (
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey={line.key}
            name={line.name}
            stroke={line.color ?? '#111827'}
            dot={false}
            strokeWidth={2}
          />
        )}
      </ComposedChart>
    </Frame>
  );
}

/** Horizontal bars by name (products, staff): the largest first. */
export function NamedBars({
  label,
  data,
  dataKey,
  name,
  won,
  language,
}: {
  label: string;
  data: { label: string; value: number }[];
  dataKey?: string;
  name: string;
  won: Won;
  language: string;
}) {
  const height = Math.max(160, 36 * data.length + 40);
  return (
    <Frame label={label} height={height}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={compact(language)} />
        <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => won(Number(value))} />
        <Bar isAnimationActive={false} dataKey={dataKey ?? 'value'} name={name} fill={COLORS[0]}>
          {data.map((d) => (
            <Cell key={d.label} fill={d.value < 0 ? RED : COLORS[0]} />
          ))}
        </Bar>
      </BarChart>
    </Frame>
  );
}

/** Shares of a whole (payment methods, new against renewals). */
export function SharePie({
  label,
  data,
  won,
}: {
  label: string;
  data: { label: string; value: number }[];
  won: Won;
}) {
  const positive = data.filter((d) => d.value > 0);
  return (
    <Frame label={label} height={240}>
      <PieChart>
        <Pie
          data={positive}
          dataKey="value"
          nameKey="label"
          outerRadius="75%"
          innerRadius="40%"
          isAnimationActive={false}
        >
          {positive.map((d, i) => (
            <Cell key={d.label} fill={COLORS[i % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => won(Number(value))} />
        <Legend />
      </PieChart>
    </Frame>
  );
}

/** Earned to date and deferred at each month end, stacked: together, all the money kept so far. */
export function EarnedDeferredArea({
  label,
  data,
  earned,
  deferred,
  won,
  language,
}: {
  label: string;
  data: { label: string; earnedToDate: number; deferred: number }[];
  earned: string;
  deferred: string;
  won: Won;
  language: string;
}) {
  return (
    <Frame label={label} height={300}>
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" />
        <YAxis tickFormatter={compact(language)} width={56} />
        <Tooltip formatter={(value) => won(Number(value))} />
        <Legend />
        <Area
          isAnimationActive={false}
          type="monotone"
          dataKey="earnedToDate"
          name={earned}
          stackId="kept"
          stroke={COLORS[1]}
          fill={COLORS[1]}
          fillOpacity={0.55}
        />
        <Area
          isAnimationActive={false}
          type="monotone"
          dataKey="deferred"
          name={deferred}
          stackId="kept"
          stroke={COLORS[2]}
          fill={COLORS[2]}
          fillOpacity={0.45}
        />
      </AreaChart>
    </Frame>
  );
}
