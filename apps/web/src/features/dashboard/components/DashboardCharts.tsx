import { Stack, Text } from '@mantine/core';
import type { OrganizerDashboard } from '@marquee/contract';
import { AreaChart, BarChart } from '../../../components/charts/LazyCharts';
import { bucketLabel, formatCount } from '../../../lib/intl';
import { formatMoney, minorDigits } from '../../../lib/money';
import { ChartCard } from './ChartCard';
import classes from './dashboard.module.css';

const NO_SALES = 'No sales in this period';
const major = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);
const money = (currency: string) => (value: number) =>
  formatMoney(Math.round(value * 10 ** minorDigits(currency)), currency);

/**
 * The drawings are hidden from assistive technology (ChartCard's table says the same), so none of them
 * may take keyboard focus: recharts' accessibility layer (a focusable chart surface) is off.
 */
const NOT_FOCUSABLE = { accessibilityLayer: false } as const;

/** Axis labels stay on one or two lines; the table and the tooltip carry the whole name. */
const shorten = (text: string) => (text.length > 18 ? `${text.slice(0, 17)}…` : text);

function currenciesOf(rows: { currency: string }[]) {
  return [...new Set(rows.map((r) => r.currency))];
}

/** Sales over time, tickets over time, sales by event and ticket types (docs/dashboards.md). */
export function DashboardCharts({ data }: { data: OrganizerDashboard }) {
  const { series, byEvent, byTicketType, period } = data;
  const currencies = currenciesOf(series);
  const dates = [...new Set(series.map((r) => r.date))];
  const hasSales = series.some((r) => r.ticketsSold > 0 || r.grossSales > 0);
  const label = (date: string) => bucketLabel(date, period.bucket);
  const gross = (date: string, currency: string) =>
    series.find((r) => r.date === date && r.currency === currency)?.grossSales ?? 0;
  const ticketsOn = (date: string) =>
    series.filter((r) => r.date === date).reduce((sum, r) => sum + r.ticketsSold, 0);
  const dateColumn = period.bucket === 'MONTH' ? 'Month' : 'Day';

  return (
    <div className={classes.charts}>
      <ChartCard
        title="Sales over time"
        empty={hasSales ? null : NO_SALES}
        table={{
          columns: [dateColumn, ...currencies.map((c) => `Gross sales (${c})`)],
          rows: dates.map((d) => [label(d), ...currencies.map((c) => formatMoney(gross(d, c), c))]),
        }}
      >
        <Stack gap="md">
          {currencies.map((currency) => (
            <Stack key={currency} gap={4}>
              {currencies.length > 1 && (
                <Text size="xs" c="dimmed">
                  {currency}
                </Text>
              )}
              <AreaChart
                areaChartProps={NOT_FOCUSABLE}
                h={220}
                data={dates.map((d) => ({ date: label(d), sales: major(gross(d, currency), currency) }))}
                dataKey="date"
                series={[{ name: 'sales', label: `Gross sales (${currency})`, color: 'indigo.6' }]}
                valueFormatter={money(currency)}
                curveType="monotone"
                withDots={false}
                gridAxis="y"
                yAxisProps={{ width: 72 }}
              />
            </Stack>
          ))}
        </Stack>
      </ChartCard>
      <ChartCard
        title="Tickets sold over time"
        empty={hasSales ? null : NO_SALES}
        table={{
          columns: [dateColumn, 'Tickets sold'],
          rows: dates.map((d) => [label(d), formatCount(ticketsOn(d))]),
        }}
      >
        <BarChart
          barChartProps={NOT_FOCUSABLE}
          h={220}
          data={dates.map((d) => ({ date: label(d), tickets: ticketsOn(d) }))}
          dataKey="date"
          series={[{ name: 'tickets', label: 'Tickets sold', color: 'teal.7' }]}
          gridAxis="y"
          valueFormatter={formatCount}
        />
      </ChartCard>
      <ChartCard
        title="Sales by event"
        empty={byEvent.length ? null : NO_SALES}
        table={{
          columns: ['Event', 'Gross sales', 'Tickets sold'],
          rows: byEvent.map((e) => [
            e.title,
            formatMoney(e.grossSales, e.currency),
            formatCount(e.ticketsSold),
          ]),
        }}
      >
        <Stack gap="md">
          {currenciesOf(byEvent).map((currency) => (
            <BarChart
              barChartProps={NOT_FOCUSABLE}
              key={currency}
              h={Math.max(120, byEvent.filter((e) => e.currency === currency).length * 40)}
              orientation="vertical"
              data={byEvent
                .filter((e) => e.currency === currency)
                .map((e) => ({ event: e.title, sales: major(e.grossSales, currency) }))}
              dataKey="event"
              series={[{ name: 'sales', label: `Gross sales (${currency})`, color: 'indigo.6' }]}
              valueFormatter={money(currency)}
              yAxisProps={{ width: 120, tickFormatter: shorten }}
              gridAxis="x"
            />
          ))}
        </Stack>
      </ChartCard>
      <ChartCard
        title="Ticket types"
        empty={byTicketType.length ? null : NO_SALES}
        table={{
          columns: ['Ticket type', 'Event', 'Tickets sold', 'Gross sales'],
          rows: byTicketType.map((t) => [
            t.name,
            t.eventTitle,
            formatCount(t.ticketsSold),
            formatMoney(t.grossSales, t.currency),
          ]),
        }}
      >
        <BarChart
          barChartProps={NOT_FOCUSABLE}
          h={Math.max(120, byTicketType.length * 44)}
          orientation="vertical"
          data={byTicketType.map((t) => ({ type: `${t.name} · ${t.eventTitle}`, tickets: t.ticketsSold }))}
          dataKey="type"
          series={[{ name: 'tickets', label: 'Tickets sold', color: 'teal.7' }]}
          valueFormatter={formatCount}
          yAxisProps={{ width: 120, tickFormatter: shorten }}
          gridAxis="x"
        />
      </ChartCard>
    </div>
  );
}
