import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The month's consultations and registrations by day; loaded on demand (recharts stays out of the main bundle). */
export function DailyChart({
  data,
  consults,
  registrations,
}: {
  data: { date: string; consults: number; registrations: number }[];
  consults: string;
  registrations: string;
}) {
  const rows = data.map((d) => ({ ...d, day: d.date.slice(8) }));
  return (
    <div style={{ width: '100%', height: 220 }}>
      <ResponsiveContainer>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="consults" name={consults} fill="#1d4ed8" />
          <Bar dataKey="registrations" name={registrations} fill="#0f766e" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
