import { Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** Country code and mobile number side by side; the server joins them into one E.164 number. */
export function PhoneFields<V extends { countryCode?: string; phone?: string }>({
  form,
  disabled,
}: {
  form: UseFormReturnType<V>;
  disabled?: boolean;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        label="Country code"
        placeholder="+1"
        w={110}
        autoComplete="tel-country-code"
        disabled={disabled}
        {...form.getInputProps('countryCode')}
      />
      <TextInput
        label="Mobile number"
        placeholder="555 010 0002"
        inputMode="tel"
        autoComplete="tel-national"
        style={{ flex: 1 }}
        disabled={disabled}
        {...form.getInputProps('phone')}
      />
    </Group>
  );
}
