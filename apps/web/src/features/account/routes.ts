import { consoleScreen, type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { ACCOUNT_PATHS } from './paths';

export const accountRoutes: FeatureRoutes = {
  account: [
    lazyScreen(
      ACCOUNT_PATHS.forgotPassword,
      () => import('./routes/ForgotPasswordPage'),
      (m) => m.ForgotPasswordPage,
    ),
    lazyScreen(
      ACCOUNT_PATHS.otpVerification,
      () => import('./routes/OtpVerificationPage'),
      (m) => m.OtpVerificationPage,
    ),
    lazyScreen(
      ACCOUNT_PATHS.resetPassword,
      () => import('./routes/ResetPasswordPage'),
      (m) => m.ResetPasswordPage,
    ),
    lazyScreen(
      ACCOUNT_PATHS.resetLink,
      () => import('./routes/ResetLinkPage'),
      (m) => m.ResetLinkPage,
    ),
    lazyScreen(
      ACCOUNT_PATHS.confirmEmail,
      () => import('./routes/ConfirmEmailPage'),
      (m) => m.ConfirmEmailPage,
    ),
  ],
  admin: [
    consoleScreen(
      ACCOUNT_PATHS.myProfile,
      'session',
      () => import('./routes/MyProfilePage'),
      (m) => m.MyProfilePage,
    ),
    consoleScreen(
      ACCOUNT_PATHS.changePassword,
      'session',
      () => import('./routes/ChangePasswordPage'),
      (m) => m.ChangePasswordPage,
    ),
  ],
};
