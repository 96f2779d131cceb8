import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { zoneLabel } from '@marquee/time';
import { IconWorldSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { findTimeZone } from '../../api/time-zone';
import type { EventForm } from './types';

function zoneOptions() {
  const now = new Date();
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')].map((zone) => ({
    value: zone,
    label: zoneLabel(zone, now),
  }));
}

/** A venue (name, address, optional coordinates) or an online link, and the event's time zone. */
export function LocationFields({ form }: { form: EventForm }) {
  const l = form.values.location;
  const listed = useMemo(zoneOptions, []);
  // A stored or found zone the runtime lists under another name (Asia/Kolkata vs Asia/Calcutta) still shows.
  const zones =
    l.timeZone && !listed.some((z) => z.value === l.timeZone)
      ? [{ value: l.timeZone, label: l.timeZone }, ...listed]
      : listed;
  const [finding, setFinding] = useState(false);

  async function findZone() {
    if (l.latitude === '' || l.longitude === '') {
      form.setFieldError('location.latitude', 'Enter the latitude and longitude first');
      return;
    }
    setFinding(true);
    try {
      form.setFieldValue('location.timeZone', await findTimeZone(l.latitude, l.longitude));
    } catch {
      // The http helper toasted why; the zone can still be chosen by hand.
    } finally {
      setFinding(false);
    }
  }

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Where it happens"
        data={[
          { value: 'VENUE', label: 'At a venue' },
          { value: 'ONLINE', label: 'Online' },
        ]}
        {...form.getInputProps('location.type')}
      />
      {l.type === 'VENUE' ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Venue name" required {...form.getInputProps('location.venueName')} />
            <TextInput label="Address" required {...form.getInputProps('location.address')} />
          </SimpleGrid>
          {/* Latitude and longitude side by side even on a phone: two short numbers, one pair. */}
          <SimpleGrid cols={{ base: 2, sm: 3 }} style={{ alignItems: 'end' }}>
            <NumberInput
              label="Latitude"
              description="Optional"
              decimalScale={6}
              min={-90}
              max={90}
              {...form.getInputProps('location.latitude')}
            />
            <NumberInput
              label="Longitude"
              description="Optional"
              decimalScale={6}
              min={-180}
              max={180}
              {...form.getInputProps('location.longitude')}
            />
            <Button
              variant="default"
              leftSection={<IconWorldSearch size={16} aria-hidden />}
              loading={finding}
              onClick={() => void findZone()}
            >
              Find time zone
            </Button>
          </SimpleGrid>
        </>
      ) : (
        <TextInput
          label="Online link"
          required
          placeholder="https://"
          type="url"
          {...form.getInputProps('location.onlineUrl')}
        />
      )}
      <Group align="flex-end">
        <Select
          label="Time zone"
          description="Every date and time of this event is entered and shown in this zone."
          placeholder="Choose the time zone"
          required
          searchable
          data={zones}
          style={{ flex: '1 1 280px' }}
          {...form.getInputProps('location.timeZone')}
        />
      </Group>
    </Stack>
  );
}
