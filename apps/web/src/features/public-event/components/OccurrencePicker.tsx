import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { type PublicEvent, SALES_STATE_MESSAGES } from '@marquee/contract';
import { dateRange } from '../model/when';

/** The dates of a multi-date event or drop-in class, each with whether it can be booked. */
export function OccurrencePicker({
  event,
  value,
  error,
  onChange,
}: {
  event: PublicEvent;
  value: string | null;
  error?: string;
  onChange: (occurrenceId: string) => void;
}) {
  return (
    <Radio.Group
      label="Date"
      description={`Times in ${event.timeZone}`}
      value={value}
      onChange={onChange}
      error={error}
      data-path="occurrence"
    >
      <Stack gap="xs" mt="xs" mah={320} style={{ overflowY: 'auto' }}>
        {event.occurrences.map((occurrence) => {
          const id = occurrence._id ?? '';
          const onSale = occurrence.salesState === 'ON_SALE';
          return (
            <Radio.Card key={id} value={id} disabled={!onSale} radius="md" p="sm" withBorder>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator disabled={!onSale} mt={2} />
                <Stack gap={2}>
                  <Text size="sm" fw={600} c={onSale ? undefined : 'dimmed'}>
                    {dateRange(occurrence.startsAt, occurrence.endsAt, event.timeZone)}
                  </Text>
                  {onSale ? null : (
                    <Badge size="sm" variant="light" color="gray" w="fit-content">
                      {SALES_STATE_MESSAGES[occurrence.salesState]}
                    </Badge>
                  )}
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
