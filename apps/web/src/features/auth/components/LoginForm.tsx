import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MESSAGES } from '@marquee/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { serverFieldErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { forgetRememberedEmail, getRememberedEmail, rememberEmail, saveSession } from '../../../lib/storage';
import { toast } from '../../../lib/toasts';
import { loadLoginContract, useLogin } from '../api/login';
import { redirectTargetFrom } from '../session/redirect';

interface LoginFormValues {
  email: string;
  password: string;
  remember: boolean;
}

export function LoginForm() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  // Read once: the prefill must not change while the user types.
  const [rememberedEmail] = useState(getRememberedEmail);
  // Painted without the contract's schemas (zod, ~23 kB): fetched as soon as the visitor starts on the
  // form (a key, a tap, a password manager filling it), well before the submit that needs them (which
  // reports a failure to load them), and out of the sign-in page's first download.
  const contractAsked = useRef(false);
  const askForContract = () => {
    if (contractAsked.current) return;
    contractAsked.current = true;
    void loadLoginContract().catch(() => {
      contractAsked.current = false;
    });
  };

  const form = useForm<LoginFormValues>({
    mode: 'controlled',
    initialValues: { email: rememberedEmail ?? '', password: '', remember: rememberedEmail !== null },
    // The contract's LoginBody, once loaded (the form waits for an asynchronous check). Not loadable (the
    // network is gone): the submit below says so.
    validate: async (values) => {
      const contract = await loadLoginContract().catch(() => null);
      return contract ? schemaResolver(contract.LoginBody)(values) : {};
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const { LoginBody, PROFILE_QUERY_KEY } = await loadLoginContract();
      const body = LoginBody.parse(values);
      const response = await loginMutation.mutateAsync(body);
      const { accessToken, _id, organizerRequest } = response.result;
      saveSession({ accessToken, userId: _id, organizerRequest, email: body.email });
      // Only the email is remembered; see docs/security.md for why the password never is.
      if (values.remember) rememberEmail(body.email);
      else forgetRememberedEmail();
      // A profile cached from an earlier session must not flash for the new user.
      queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
      toast.success(response.message);
      navigate(redirectTargetFrom(searchParams), { replace: true });
    } catch (error) {
      // The http helper has already shown the server's message; the typed values stay in the form.
      if (error instanceof HttpError)
        form.setErrors(serverFieldErrors(error, ['email', 'password'] as const));
      // Not an answer: the sign-in code itself could not be loaded, most often because the network went
      // away after the form painted and before it loaded (a slow phone).
      else toast.error(navigator.onLine === false ? MESSAGES.offline : MESSAGES.unexpected);
    }
  });

  return (
    <form
      onSubmit={handleSubmit}
      onKeyDownCapture={askForContract}
      onPointerDownCapture={askForContract}
      onInputCapture={askForContract}
      noValidate
      aria-label="Sign in"
    >
      <Stack gap="md">
        <TextInput
          label="Email or username"
          placeholder="you@example.com"
          autoComplete="username"
          autoFocus={rememberedEmail === null}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          autoFocus={rememberedEmail !== null}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={loginMutation.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
