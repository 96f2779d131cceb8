import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DashboardCurrencyFigures, OrganizerDashboard } from '@marquee/contract';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/intl';
import {
  changeText,
  FIGURE_LABELS,
  type FigureKey,
  formatFigure,
  formatPercent,
  type Trend,
} from '../format';
import classes from './dashboard.module.css';

const ORDER: FigureKey[] = [
  'grossSales',
  'serviceFees',
  'netToOrganizer',
  'refunds',
  'ticketsSold',
  'orders',
  'averageOrder',
];

/** Dark enough on white for AA (4.5:1) in both schemes' light background. */
const TREND_COLOR: Record<Trend, string> = {
  up: 'teal.9',
  down: 'red.9',
  flat: 'dimmed',
  new: 'blue.9',
  none: 'dimmed',
};

function TrendIcon({ trend }: { trend: Trend }) {
  if (trend === 'up') return <IconArrowUpRight size={16} aria-hidden />;
  if (trend === 'down') return <IconArrowDownRight size={16} aria-hidden />;
  if (trend === 'new') return <IconSparkles size={16} aria-hidden />;
  return <IconArrowRight size={16} aria-hidden />;
}

function FigureCard({ label, value, note }: { label: string; value: string; note: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.figureCard}
      data-testid="figure-card"
      aria-label={label}
      component="section"
    >
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600} component="h3" m={0}>
          {label}
        </Text>
        <Text fw={700} className={classes.figureValue} data-testid="figure-value">
          {value}
        </Text>
        {note}
      </Stack>
    </Paper>
  );
}

function Change({ trend, text }: { trend: Trend; text: string }) {
  return (
    <Group gap={4} wrap="nowrap" c={TREND_COLOR[trend]} data-testid="figure-change">
      <TrendIcon trend={trend} />
      <Text size="xs" c="inherit" fw={500}>
        {text}
      </Text>
    </Group>
  );
}

/** The figure cards of one currency (money never added across currencies). */
function CurrencyFigures({ figures, against }: { figures: DashboardCurrencyFigures; against: string }) {
  return (
    <div className={classes.figures} data-testid={`figures-${figures.currency}`}>
      {ORDER.map((key) => {
        const figure = figures[key];
        const change = changeText(figure, against);
        return (
          <FigureCard
            key={key}
            label={FIGURE_LABELS[key]}
            value={formatFigure(key, figure.value, figures.currency)}
            note={<Change trend={change.trend} text={change.text} />}
          />
        );
      })}
    </div>
  );
}

/** Every currency's figures, then the check-in rate (tickets, no money). */
export function FigureCards({ data, against }: { data: OrganizerDashboard; against: string }) {
  const { checkIn } = data;
  const several = data.currencies.length > 1;
  return (
    <Stack gap="md">
      {data.currencies.length === 0 && (
        <Text c="dimmed" data-testid="no-sales">
          No sales in this period.
        </Text>
      )}
      {data.currencies.map((figures) => (
        <Stack key={figures.currency} gap="xs">
          {several && (
            <Title order={2} fz="md">
              {`In ${figures.currency}`}
            </Title>
          )}
          <CurrencyFigures figures={figures} against={against} />
        </Stack>
      ))}
      <div className={classes.figures}>
        <FigureCard
          label="Check-in rate"
          value={checkIn.rate === null ? '—' : formatPercent(checkIn.rate)}
          note={
            <Text size="xs" c="dimmed">
              {checkIn.tickets === 0
                ? 'No tickets for events dated in this period'
                : `${formatCount(checkIn.admitted)} of ${formatCount(checkIn.tickets)} tickets admitted`}
            </Text>
          }
        />
        {data.waitingList && (
          <FigureCard
            label="Waiting lists"
            value={formatCount(data.waitingList.people)}
            note={
              <Text size="xs" c="dimmed">
                {`Demand turned away: ${formatCount(data.waitingList.tickets)} ${data.waitingList.tickets === 1 ? 'ticket' : 'tickets'} wanted`}
              </Text>
            }
          />
        )}
      </div>
    </Stack>
  );
}
