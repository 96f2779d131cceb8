import { Stack, Text } from '@mantine/core';
import { eventWhen } from '../details/event-time';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Lines that may break only between their pieces: "Nov 28, 2026 –" | "Jan 9, 2027", and
 * "America/New_York" | "(GMT-5)". A narrow column never splits a date or "(GMT-5)".
 */
function Pieces({ pieces }: { pieces: string[] }) {
  return (
    <>
      {pieces.map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, never reordered
        <span key={i}>
          {i > 0 && ' '}
          <span style={NOWRAP}>{piece}</span>
        </span>
      ))}
    </>
  );
}

/** "Nov 28, 2026 – Jan 9, 2027" → ["Nov 28, 2026 –", "Jan 9, 2027"]. */
export const datePieces = (dates: string) =>
  dates.split(' – ').map((part, i, all) => (i < all.length - 1 ? `${part} –` : part));

/** "America/New_York (GMT-5)" → ["America/New_York", "(GMT-5)"]. */
export const zonePieces = (zone: string) => {
  const at = zone.lastIndexOf(' (');
  return at < 0 ? [zone] : [zone.slice(0, at), zone.slice(at + 1)];
};

/** An event's dates and times in its own zone, with the zone named under them. */
export function EventWhenText({
  startsAt,
  endsAt,
  timeZone,
  size = 'sm',
}: {
  startsAt: string | null;
  endsAt: string | null;
  timeZone: string | null;
  size?: 'xs' | 'sm' | 'md';
}) {
  const when = eventWhen(startsAt, endsAt, timeZone);
  if (!when)
    return (
      <Text size={size} c="dimmed">
        No dates yet
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size={size}>
        <Pieces pieces={datePieces(when.dates)} />
      </Text>
      <Text size={size} style={NOWRAP}>
        {when.times}
      </Text>
      <Text size="xs" c="dimmed" title={when.zoneName} data-testid="event-zone">
        <Pieces pieces={zonePieces(when.zone)} />
      </Text>
    </Stack>
  );
}
