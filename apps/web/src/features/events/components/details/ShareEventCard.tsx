import { Alert, Button, Group, Image, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type EventDetail, type QrFormat, SHARE_MESSAGES } from '@marquee/contract';
import {
  IconAlertTriangle,
  IconCopy,
  IconDownload,
  IconExternalLink,
  IconEye,
  IconLock,
  IconRefresh,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { toast } from '../../../../lib/toasts';
import { previewEventPath, publicEventPath } from '../../../public-event';
import { downloadEventQr, useEventQrImage } from '../../api/event-qr-code';

/** The buyers' address of the event: the public page lives in this same app, on this origin. */
export const publicLinkOf = (slug: string) => `${window.location.origin}${publicEventPath(slug)}`;

function QrCode({ event, slug }: { event: EventDetail; slug: string }) {
  const qr = useEventQrImage(event._id, slug);
  const [busy, setBusy] = useState<QrFormat | null>(null);
  const download = async (format: QrFormat) => {
    setBusy(format);
    try {
      await downloadEventQr(event._id, slug, format);
    } catch {
      // The failure is toasted by the call itself.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="md" align="flex-start" wrap="wrap">
      {qr.url ? (
        <Image
          src={qr.url}
          alt={`QR code of the link to ${event.title}`}
          w={140}
          h={140}
          data-testid="event-qr"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
        />
      ) : qr.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} aria-hidden />} maw={220}>
          <Stack gap={4} align="flex-start">
            <Text size="sm">The QR code could not be loaded.</Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void qr.retry()}
            >
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Skeleton w={140} h={140} aria-label="Loading the QR code" />
      )}
      <Stack gap="xs" style={{ flex: '1 1 160px' }}>
        <Text size="sm" c="dimmed">
          For posters and flyers: scanning it opens the event page.
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={busy === 'png'}
            onClick={() => void download('png')}
          >
            Download PNG
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={busy === 'svg'}
            onClick={() => void download('svg')}
          >
            Download SVG
          </Button>
        </Group>
      </Stack>
    </Group>
  );
}

/**
 * "Share the event" on its page in the console: the buyers' link (view it, copy it), the QR code of it
 * for posters (PNG or SVG), and for a draft its preview. A private event is shared the same way: its
 * link is the only way in.
 */
export function ShareEventCard({ event }: { event: EventDetail }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const slug = event.slug;
  const link = slug ? publicLinkOf(slug) : null;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(SHARE_MESSAGES.copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is selected to copy by hand.
      inputRef.current?.focus();
      inputRef.current?.select();
      toast.info('Copy the selected link with Ctrl+C (⌘C on a Mac).');
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="share-title"
      data-testid="share"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="share-title">
          Share the event
        </Title>
        {link && slug ? (
          <>
            {event.visibility === 'PRIVATE' && (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconLock size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                <Text size="sm">Private: it is not listed, so only people with this link can find it.</Text>
              </Group>
            )}
            <TextInput
              ref={inputRef}
              label="Link for buyers"
              value={link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-link"
            />
            <Group gap="xs">
              <Button
                component="a"
                href={publicEventPath(slug)}
                target="_blank"
                rel="noopener"
                variant="light"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                View event page
              </Button>
              <Button
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={() => void copy()}
              >
                Copy link
              </Button>
            </Group>
            <QrCode event={event} slug={slug} />
          </>
        ) : (
          <Text size="sm">
            The event gets its link for buyers, and a QR code of it, when it is published.
          </Text>
        )}
        {event.status === 'DRAFT' && (
          <Group gap="xs">
            <Button
              component="a"
              href={previewEventPath(event._id)}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
            >
              Preview
            </Button>
            <Text size="xs" c="dimmed" style={{ flex: '1 1 160px' }}>
              See the page as buyers will, before publishing. Only the event's organizers can open it.
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
