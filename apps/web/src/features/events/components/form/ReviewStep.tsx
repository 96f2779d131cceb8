import { Badge, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { EVENT_KIND_LABELS } from '@marquee/contract';
import { formatDayDate, formatTime } from '@marquee/time';
import { IconEye } from '@tabler/icons-react';
import { formatMoney } from '../../../../lib/money';
import { previewEventPath } from '../../../public-event/paths';
import { ticketPrice } from './form-model';
import type { StepProps } from './types';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={120} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** A summary of everything entered, before Publish or Save as draft. */
export function ReviewStep({ form, kind, options, organization, eventId }: StepProps) {
  const v = form.values;
  const zone = v.location.timeZone;
  const currency = organization?.currency ?? 'USD';
  const category = options.categories.find((c) => c._id === v.categoryId);
  const subcategory = category?.subcategories.find((s) => s._id === v.subcategoryId);
  const classType = options.classTypes.find((c) => c._id === v.classTypeId);
  const missing = <Text c="dimmed">Not set</Text>;
  const nameOf = (id: string) => organization?.members.find((m) => m._id === id)?.name ?? 'A member';
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg">
          Review
        </Title>
        {eventId && (
          <Button
            component="a"
            href={previewEventPath(eventId)}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
          >
            Preview the public page
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" data-testid="preview-note">
        {!eventId
          ? 'Save as draft to preview the public page as buyers will see it.'
          : form.isDirty()
            ? 'The preview shows the last saved version: save as draft to see your latest changes.'
            : 'The preview opens in a new tab, as buyers will see the page.'}
      </Text>
      <Table withRowBorders={false} verticalSpacing={6} data-testid="review">
        <Table.Tbody>
          <Row label="Kind">{EVENT_KIND_LABELS[kind]}</Row>
          <Row label="Organization">{organization?.name ?? missing}</Row>
          <Row label="Title">{v.title || missing}</Row>
          <Row label="Category">
            {category ? `${category.name}${subcategory ? ` › ${subcategory.name}` : ''}` : missing}
          </Row>
          {kind === 'CLASS' && <Row label="Class type">{classType?.name ?? missing}</Row>}
          <Row label="Where">
            {v.location.type === 'ONLINE'
              ? v.location.onlineUrl || missing
              : [v.location.venueName, v.location.address].filter(Boolean).join(', ') || missing}
          </Row>
          <Row label="Time zone">{zone ?? missing}</Row>
          <Row label="Visibility">{v.visibility === 'PUBLIC' ? 'Public' : 'Private'}</Row>
          <Row label={kind === 'CLASS' ? 'Sessions' : 'Dates'}>
            {zone && v.occurrences.some((o) => o.startsAt) ? (
              <List size="sm" spacing={2}>
                {v.occurrences.map((o, i) => (
                  <List.Item key={o.key}>
                    {o.startsAt && o.endsAt
                      ? `${formatDayDate(o.startsAt, zone)}, ${formatTime(o.startsAt, zone)} – ${formatTime(o.endsAt, zone)}`
                      : `Date ${i + 1}: not complete`}
                    {/* What a date changes from the event's defaults is said here too. */}
                    {o.visibility === 'PRIVATE' && ' · private'}
                    {o.capacity !== '' && ` · ${o.capacity} seats`}
                  </List.Item>
                ))}
              </List>
            ) : (
              missing
            )}
          </Row>
          <Row label="Tickets">
            <List size="sm" spacing={2}>
              {v.ticketTypes.map((t, i) => {
                const price = ticketPrice(t, currency);
                return (
                  <List.Item key={t.key}>
                    <Group gap={6} wrap="wrap">
                      <span>{t.name || `Ticket ${i + 1}`}</span>
                      <Badge variant="light" size="sm">
                        {t.pricing === 'FREE'
                          ? 'Free'
                          : price.ok
                            ? `${t.pricing === 'DONATION' ? 'from ' : ''}${formatMoney(price.amountMinor, currency)}`
                            : 'No price'}
                      </Badge>
                      {t.quantity !== '' && <span>× {t.quantity}</span>}
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          </Row>
          <Row label="Team">
            {v.team.organizers.length + v.team.scanners.length > 0 ? (
              <List size="sm" spacing={2}>
                {v.team.organizers.map((id) => (
                  <List.Item key={id}>{`${nameOf(id)}: event organizer`}</List.Item>
                ))}
                {v.team.scanners.map((id) => (
                  <List.Item key={id}>{`${nameOf(id)}: ticket scanner`}</List.Item>
                ))}
              </List>
            ) : (
              <Text c="dimmed">Nobody assigned</Text>
            )}
          </Row>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
