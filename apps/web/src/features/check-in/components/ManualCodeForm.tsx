import { Button, Group, TextInput } from '@mantine/core';
import { TicketCode } from '@marquee/contract';
import { IconKeyboard } from '@tabler/icons-react';
import { type FormEvent, type RefObject, useState } from 'react';

/**
 * A ticket code typed by hand (a phone that died, a cracked screen) or sent by a handheld scanner that
 * types like a keyboard and presses Enter. Codes are case-sensitive (base64url), so nothing is
 * capitalised. After each submit the field is empty and keeps the focus, ready for the next code.
 */
export function ManualCodeForm({
  onSubmit,
  busy,
  input,
}: {
  onSubmit: (code: string) => Promise<void>;
  busy: boolean;
  /** The field, for the screen to give it the focus back (after the camera's button, say). */
  input: RefObject<HTMLInputElement | null>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = TicketCode.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a ticket code');
      input.current?.focus();
      return;
    }
    setError(null);
    setCode('');
    input.current?.focus();
    await onSubmit(parsed.data);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          ref={input}
          label="Ticket code"
          placeholder="Type a code"
          leftSection={<IconKeyboard size={18} aria-hidden />}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          size="lg"
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" size="lg" mt={30} loading={busy}>
          Check in
        </Button>
      </Group>
    </form>
  );
}
