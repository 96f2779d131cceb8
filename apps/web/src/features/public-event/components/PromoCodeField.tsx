import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PromoCodeCheck } from '@marquee/contract';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { checkCode } from '../api/check-promo-code';

/**
 * "Have a promo code?": checks the code with the server and hands what it does to the checkout, or
 * shows why not on the field. A code from the link (`?code=`) is applied at once.
 */
export function PromoCodeField({
  eventId,
  occurrenceId,
  initialCode,
  applied,
  error,
  disabled,
  onApplied,
}: {
  eventId: string;
  occurrenceId: string | null;
  initialCode: string;
  applied: PromoCodeCheck | null;
  /** A refusal from checkout itself (the code ran out meanwhile). */
  error?: string;
  disabled?: boolean;
  onApplied: (promo: PromoCodeCheck | null, problem?: string) => void;
}) {
  const [open, setOpen] = useState(Boolean(initialCode));
  const [text, setText] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function apply(code = text) {
    const trimmed = code.trim();
    if (!trimmed) {
      setProblem('Enter a code');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const promo = await checkCode({ eventId, code: trimmed, ...(occurrenceId ? { occurrenceId } : {}) });
      onApplied(promo);
    } catch (failure) {
      if (!(failure instanceof HttpError)) throw failure;
      const message = failure.errors?.find((e) => e.field === 'code')?.message ?? failure.message;
      setProblem(message);
      onApplied(null, message);
    } finally {
      setBusy(false);
    }
  }

  // The link's code, and the applied code again when the date changes (a code may be for some dates).
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const firstDate = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked only when the date changes
  useEffect(() => {
    if (firstDate.current) {
      firstDate.current = false;
      if (initialCode) void applyRef.current(initialCode);
      return;
    }
    if (applied) void applyRef.current(applied.code);
  }, [occurrenceId]);

  if (!open)
    return (
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="promo-open"
      >
        Have a promo code?
      </Anchor>
    );

  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Promo code"
          autoComplete="off"
          style={{ flex: 1 }}
          value={text}
          disabled={disabled}
          error={problem ?? error}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
        />
        {applied ? (
          <Button
            variant="default"
            disabled={disabled}
            onClick={() => {
              setText('');
              setProblem(null);
              onApplied(null);
            }}
          >
            Remove
          </Button>
        ) : (
          <Button variant="light" loading={busy} disabled={disabled} onClick={() => void apply()}>
            Apply
          </Button>
        )}
      </Group>
      {applied && (
        <Text size="sm" fw={600} data-testid="promo-applied">
          {`${applied.code}: ${applied.description}`}
        </Text>
      )}
    </Stack>
  );
}
