import { Stack, Text, Title } from '@mantine/core';

/** Splits a page body into paragraphs: blank lines separate them (the format of issue 3). */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** How a content page renders, on the public page and in the editor's preview. */
export function ContentBody({ title, body }: { title: string; body: string }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      {paragraphsOf(body).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are stateless text that may repeat
        <Text key={index} size="sm" style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}
