import { Avatar, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { UpdateProfileBody, Username, type UserProfile } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { checkUsernameQueryOptions } from '../api/check-username';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileForm({ profile }: { profile: UserProfile }) {
  const update = useUpdateProfile();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      username: profile.username,
      email: profile.email,
      avatar: profile.avatar ?? '',
    },
    validate: (values) =>
      schemaResolver(UpdateProfileBody, { sync: true })({ ...values, avatar: values.avatar.trim() || null }),
  });
  const [username] = useDebouncedValue(form.values.username.trim(), 350);
  const checkable =
    Username.safeParse(username).success && username.toLowerCase() !== profile.username.toLowerCase();
  const availability = useQuery({ ...checkUsernameQueryOptions(username), enabled: checkable });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const response = await update.mutateAsync({ ...values, avatar: values.avatar.trim() || null });
      toast.success(response.message);
      form.resetDirty();
    } catch (error) {
      form.setErrors(
        serverFieldErrors(error, ['firstName', 'lastName', 'username', 'email', 'avatar'] as const),
      );
    }
  });

  let usernameHint: React.ReactNode = null;
  if (checkable && availability.isFetching) usernameHint = <Loader size={14} />;
  else if (checkable && availability.data && availability.data.username === username)
    usernameHint = availability.data.available ? (
      <Text size="xs" c="teal" data-testid="username-availability">
        This username is available.
      </Text>
    ) : (
      <Text size="xs" c="red" data-testid="username-availability">
        This username is already taken.
      </Text>
    );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Profile">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar
            src={form.values.avatar.trim() || null}
            name={`${form.values.firstName} ${form.values.lastName}`}
            color="initials"
            size={64}
          />
          <TextInput
            label="Avatar image URL"
            description="One image; uploading from your device comes with media upload."
            placeholder="https://…"
            style={{ flex: 1 }}
            {...form.getInputProps('avatar')}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
          <div>
            <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
            <div style={{ minHeight: 20, marginTop: 4 }}>{usernameHint}</div>
          </div>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          Save profile
        </Button>
      </Stack>
    </form>
  );
}
