import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Visits by hour of the day (Asia/Seoul) over the range; loaded on demand (recharts stays out of the main bundle). */
export function EntryHourChart({ byHour, visits }: { byHour: readonly number[]; visits: string }) {
  const rows = byHour.map((count, hour) => ({ hour: String(hour).padStart(2, '0'), count }));
  return (
    <div style={{ width: '100%', height: 220 }}>
      <ResponsiveContainer>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hour" interval="preserveStartEnd" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="count" name={visits} fill="#1d4ed8" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
