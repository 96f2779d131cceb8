import {
  Alert,
  Avatar,
  Button,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { UpdateProfileBody, Username, type UserProfile } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ImagePicker } from '../../../components/ImagePicker';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { submitWithServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { checkUsernameQueryOptions } from '../api/check-username';
import { useUpdateProfile } from '../api/update-profile';

const PASSWORD_FOR_EMAIL = 'Enter your current password to change your email address.';

function sameAddress(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function ProfileForm({ profile }: { profile: UserProfile }) {
  const update = useUpdateProfile();
  // The address a confirmation link was just sent to (the profile reload shows it as well).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      username: profile.username,
      email: profile.email,
      currentPassword: '',
      avatar: profile.avatar ?? '',
    },
    validate: (values) => {
      const errors = schemaResolver(UpdateProfileBody, { sync: true })(toBody(values));
      if (!sameAddress(values.email, profile.email) && !values.currentPassword)
        return { ...errors, currentPassword: PASSWORD_FOR_EMAIL };
      return errors;
    },
  });
  const emailChanges = !sameAddress(form.values.email, profile.email);
  const pendingEmail = sentTo ?? profile.pendingEmail ?? null;

  function toBody(values: typeof form.values) {
    const changes = !sameAddress(values.email, profile.email);
    return {
      firstName: values.firstName,
      lastName: values.lastName,
      username: values.username,
      email: values.email,
      avatar: values.avatar.trim() || null,
      ...(changes ? { currentPassword: values.currentPassword } : {}),
    };
  }
  const [username] = useDebouncedValue(form.values.username.trim(), 350);
  const checkable =
    Username.safeParse(username).success && username.toLowerCase() !== profile.username.toLowerCase();
  const availability = useQuery({ ...checkUsernameQueryOptions(username), enabled: checkable });

  // Leaving with unsaved edits asks first; a wrong password or a taken username lands on its field.
  useUnsavedChangesGuard(form.isDirty());
  const handleSubmit = submitWithServerErrors(form, async (values) => {
    const response = await update.mutateAsync(toBody(values));
    toast.success(response.message);
    if (response.result.pendingEmail) {
      setSentTo(response.result.pendingEmail);
      // The field goes back to the address in use until the new one is confirmed.
      form.setValues({ email: profile.email, currentPassword: '' });
    }
    form.resetDirty();
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
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar
            src={form.values.avatar.trim() || null}
            name={`${form.values.firstName} ${form.values.lastName}`}
            color="initials"
            size={64}
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            <ImagePicker
              label="Profile picture"
              description="One JPEG, PNG or WebP image."
              value={form.values.avatar ? [{ url: form.values.avatar }] : []}
              onChange={(images) => form.setFieldValue('avatar', images[0]?.url ?? '')}
              error={form.errors.avatar as string | undefined}
            />
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
          <div>
            <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
            <div style={{ minHeight: 20, marginTop: 4 }}>{usernameHint}</div>
          </div>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description={emailChanges ? 'We will send a confirmation link to the new address.' : undefined}
            {...form.getInputProps('email')}
          />
          {emailChanges && (
            <PasswordInput
              label="Current password"
              description="Needed to change your email address."
              autoComplete="current-password"
              data-testid="email-change-password"
              {...form.getInputProps('currentPassword')}
            />
          )}
        </SimpleGrid>
        {pendingEmail && (
          <Alert
            color="blue"
            variant="light"
            title="Confirm your new email address"
            data-testid="pending-email"
          >
            We sent a confirmation link to {pendingEmail}. Your email stays {profile.email} until you open it.
          </Alert>
        )}
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          Save profile
        </Button>
      </Stack>
    </form>
  );
}
