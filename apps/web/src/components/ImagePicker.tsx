import { ActionIcon, Box, Button, FileButton, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import { DEFAULT_IMAGE_LIMIT, MEDIA_MIME_TYPES, MESSAGES } from '@marquee/contract';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../lib/toasts';
import { useUploadMedia } from '../lib/upload-media';

export interface PickedImage {
  url: string;
  thumbnailUrl?: string | null;
}

export interface ImagePickerProps {
  label: string;
  value: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** How many images may be chosen; 1 by default (spec section 9). */
  limit?: number;
  error?: string;
  description?: string;
  required?: boolean;
}

/**
 * Chooses images, uploads each through `upload-media` and previews them. More files than the limit are
 * refused with the spec's message ("You can select upto 1 images only"); type and size are the server's
 * call, whose message is shown under the picker (and as a toast).
 */
export function ImagePicker({
  label,
  value,
  onChange,
  limit = DEFAULT_IMAGE_LIMIT,
  ...props
}: ImagePickerProps) {
  const upload = useUploadMedia();
  const [problem, setProblem] = useState<string | null>(null);

  async function pick(files: File[]) {
    if (files.length === 0) return;
    // With a limit of 1, a new picture replaces the current one.
    const keep = limit === 1 ? [] : value;
    if (files.length + keep.length > limit) {
      const message = MESSAGES.imageLimit(limit);
      setProblem(message);
      toast.error(message);
      return;
    }
    setProblem(null);
    const added: PickedImage[] = [];
    for (const file of files) {
      try {
        const result = await upload.mutateAsync(file);
        added.push({ url: result.url, thumbnailUrl: result.thumbnailUrl });
      } catch (error) {
        setProblem(error instanceof Error ? error.message : MESSAGES.unexpected);
      }
    }
    if (added.length > 0) onChange([...keep, ...added]);
  }

  const error = problem ?? props.error;
  return (
    <Input.Wrapper label={label} description={props.description} error={error} required={props.required}>
      <Stack gap="xs" mt={4}>
        {value.length > 0 && (
          <Group gap="sm">
            {value.map((image) => (
              <Box key={image.url} pos="relative">
                <Image
                  src={image.thumbnailUrl ?? image.url}
                  alt={`${label} preview`}
                  w={120}
                  h={80}
                  radius="sm"
                  fit="cover"
                  data-testid="image-preview"
                />
                <ActionIcon
                  size="sm"
                  color="dark"
                  variant="filled"
                  radius="xl"
                  pos="absolute"
                  top={4}
                  right={4}
                  aria-label="Remove image"
                  onClick={() => onChange(value.filter((v) => v.url !== image.url))}
                >
                  <IconX size={12} />
                </ActionIcon>
              </Box>
            ))}
          </Group>
        )}
        <Group gap="sm">
          {/* Always `multiple`, so choosing too many is caught with the spec's message rather than silently cut. */}
          <FileButton onChange={(files) => void pick(files)} accept={MEDIA_MIME_TYPES.join(',')} multiple>
            {(buttonProps) => (
              <Button
                {...buttonProps}
                variant="default"
                leftSection={upload.isPending ? <Loader size={14} /> : <IconPhotoPlus size={16} />}
                disabled={upload.isPending}
              >
                {value.length > 0 && limit === 1 ? 'Replace image' : 'Choose image'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            JPEG, PNG or WebP{limit > 1 ? `, up to ${limit}` : ''}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
