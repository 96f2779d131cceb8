import { MESSAGES } from '@marquee/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { savePhone } from '../../../lib/storage';
import { fakeApi, renderApp } from '../../../test/render-app';

describe('otp verification', () => {
  it('asks for the code when empty, then carries the reset token to the reset form', async () => {
    savePhone('+1 5550100002');
    const api = fakeApi({
      'POST /api/v1/user/verify-otp': {
        status: 200,
        body: {
          message: 'Code verified.',
          result: { resetToken: 'tok', expiresAt: '2026-01-01T00:00:00.000Z' },
        },
      },
    });
    const { router } = renderApp('/otp-verification', api);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.verificationCodeRequired)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(screen.getByTestId('resend-countdown').textContent).toMatch(/0:\d\d/);
    await userEvent.type(screen.getByLabelText(/Verification code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(api.calls[0]?.body).toEqual({ countryCode: '+1', phone: '5550100002', code: '123456' });
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Brand#New123');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Brand#New124');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeTruthy();
  });

  it('sends a visitor without a pending number back to forgot password', async () => {
    localStorage.clear();
    const { router } = renderApp('/otp-verification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});
