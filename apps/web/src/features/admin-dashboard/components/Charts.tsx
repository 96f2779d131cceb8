import { Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AdminDashboardFigures } from '@marquee/contract';
import { BarChart, LineChart } from '../../../components/charts/LazyCharts';
import { bucketLabel, formatCount } from '../../../lib/intl';
import { formatMoney, minorDigits } from '../../../lib/money';

const CURRENCY_COLORS = ['indigo.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6'];

function ChartFrame({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: React.ReactNode;
}) {
  const id = `chart-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed" py="xl" ta="center" data-testid="chart-empty">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The drawing is hidden from assistive technology (the table says the same), so none of it may take
 * keyboard focus: recharts' accessibility layer (a focusable chart surface) is off.
 */
const NOT_FOCUSABLE = { accessibilityLayer: false } as const;

// The tables are visually hidden (the same numbers as the drawing, for assistive technology): plain
// elements, since nobody sees them and Mantine's table would cost a component per cell.

/** Sign-ups and orders per day (or month), with the same numbers as a table for screen readers. */
export function SignUpsAndOrdersChart({ data }: { data: AdminDashboardFigures }) {
  const rows = data.series.map((p) => ({
    label: bucketLabel(p.date, data.bucket),
    signUps: p.signUps,
    orders: p.orders,
  }));
  const empty = rows.every((r) => r.signUps === 0 && r.orders === 0)
    ? 'No sign-ups or orders in this period.'
    : null;
  return (
    <ChartFrame title="Sign-ups and orders" empty={empty}>
      <div aria-hidden>
        <BarChart
          h={240}
          data={rows}
          dataKey="label"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          series={[
            { name: 'signUps', label: 'Sign-ups', color: 'indigo.6' },
            { name: 'orders', label: 'Orders', color: 'teal.6' },
          ]}
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
          barChartProps={NOT_FOCUSABLE}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>Sign-ups and orders per {data.bucket === 'DAY' ? 'day' : 'month'}</caption>
          <thead>
            <tr>
              <th>{data.bucket === 'DAY' ? 'Day' : 'Month'}</th>
              <th>Sign-ups</th>
              <th>Orders</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <td>{r.label}</td>
                <td>{r.signUps}</td>
                <td>{r.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </ChartFrame>
  );
}

/** Gross sales over time, one line per currency (never added together), and the table fallback. */
export function GrossSalesChart({ data }: { data: AdminDashboardFigures }) {
  const currencies = data.currencies.map((c) => c.currency);
  const rows = data.series.map((p) => ({
    label: bucketLabel(p.date, data.bucket),
    ...Object.fromEntries(currencies.map((c) => [c, (p.grossSales[c] ?? 0) / 10 ** minorDigits(c)])),
  }));
  const empty = data.series.every((p) => Object.values(p.grossSales).every((v) => v === 0))
    ? 'No sales in this period.'
    : null;
  return (
    <ChartFrame title="Gross sales" empty={empty}>
      <div aria-hidden>
        <LineChart
          h={240}
          data={rows}
          dataKey="label"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          series={currencies.map((c, i) => ({
            name: c,
            color: CURRENCY_COLORS[i % CURRENCY_COLORS.length] as string,
          }))}
          curveType="monotone"
          valueFormatter={formatCount}
          lineChartProps={NOT_FOCUSABLE}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>Gross sales per {data.bucket === 'DAY' ? 'day' : 'month'} and currency</caption>
          <thead>
            <tr>
              <th>{data.bucket === 'DAY' ? 'Day' : 'Month'}</th>
              {currencies.map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.series.map((p) => (
              <tr key={p.date}>
                <td>{bucketLabel(p.date, data.bucket)}</td>
                {currencies.map((c) => (
                  <td key={c}>{formatMoney(p.grossSales[c] ?? 0, c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </ChartFrame>
  );
}
