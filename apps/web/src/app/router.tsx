import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/PageLoader';
import { RootLayout } from './layouts/RootLayout';
import { PATHS } from './paths';
import { RouteErrorPage } from './routes/RouteErrorPage';

/** A route whose component lives in its own chunk, loaded on first visit. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * The console's routes. Only screens that exist are registered; docs/routes.md holds the whole planned
 * map and `BUILT_SCREENS` in paths.ts mirrors what is here.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FullPageLoader,
    children: [
      // The empty path belongs to the admin area, whose home is the dashboard (spec section 2).
      { index: true, element: <Navigate to={PATHS.dashboard} replace /> },
      {
        id: 'account',
        lazy: screen(
          () => import('./layouts/AccountLayout'),
          (m) => m.AccountLayout,
        ),
        children: [
          {
            path: 'login',
            lazy: screen(
              () => import('../features/auth/routes/LoginPage'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'social-callback',
            lazy: screen(
              () => import('../features/social/routes/SocialCallbackPage'),
              (m) => m.SocialCallbackPage,
            ),
          },
          {
            path: 'forgot-password',
            lazy: screen(
              () => import('../features/account/routes/ForgotPasswordPage'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: 'otp-verification',
            lazy: screen(
              () => import('../features/account/routes/OtpVerificationPage'),
              (m) => m.OtpVerificationPage,
            ),
          },
          {
            path: 'reset-password',
            lazy: screen(
              () => import('../features/account/routes/ResetPasswordPage'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'reset-link/:token',
            lazy: screen(
              () => import('../features/account/routes/ResetLinkPage'),
              (m) => m.ResetLinkPage,
            ),
          },
          {
            path: 'confirm-email/:token',
            lazy: screen(
              () => import('../features/account/routes/ConfirmEmailPage'),
              (m) => m.ConfirmEmailPage,
            ),
          },
          {
            path: 'terms',
            lazy: screen(
              () => import('../features/content/routes/ContentPage'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: 'privacy',
            lazy: screen(
              () => import('../features/content/routes/ContentPage'),
              (m) => m.PrivacyPage,
            ),
          },
        ],
      },
      {
        id: 'admin',
        lazy: screen(
          () => import('./guards/RequireSession'),
          (m) => m.RequireSession,
        ),
        children: [
          {
            path: 'dashboard',
            lazy: screen(
              () => import('../features/dashboard/routes/DashboardPage'),
              (m) => m.DashboardPage,
            ),
          },
          ...['category-management', 'category-management/subcategories', 'category-management/requests'].map(
            (path) => ({
              path,
              lazy: screen(
                () => import('../features/catalog/routes/CategoryManagementPage'),
                (m) => m.CategoryManagementPage,
              ),
            }),
          ),
          {
            path: 'tag-management',
            lazy: screen(
              () => import('../features/tags/routes/TagManagementPage'),
              (m) => m.TagManagementPage,
            ),
          },
          {
            path: 'banner-management',
            lazy: screen(
              () => import('../features/banners/routes/BannerListPage'),
              (m) => m.BannerListPage,
            ),
          },
          ...['banner-management/new', 'banner-management/:bannerId/edit'].map((path) => ({
            path,
            lazy: screen(
              () => import('../features/banners/routes/BannerFormPage'),
              (m) => m.BannerFormPage,
            ),
          })),
          {
            path: 'content-management',
            lazy: screen(
              () => import('../features/content/routes/ContentManagementPage'),
              (m) => m.ContentManagementPage,
            ),
          },
          {
            path: 'reason-management',
            lazy: screen(
              () => import('../features/reasons/routes/ReasonManagementPage'),
              (m) => m.ReasonManagementPage,
            ),
          },
          {
            path: 'catalog-requests',
            lazy: screen(
              () => import('../features/catalog-requests/routes/CatalogRequestsPage'),
              (m) => m.CatalogRequestsPage,
            ),
          },
          {
            path: 'organizations',
            lazy: screen(
              () => import('../features/organizations/routes/OrganizationListPage'),
              (m) => m.OrganizationListPage,
            ),
          },
          ...['organizations/new', 'organizations/:organizationId/edit'].map((path) => ({
            path,
            lazy: screen(
              () => import('../features/organizations/routes/OrganizationFormPage'),
              (m) => m.OrganizationFormPage,
            ),
          })),
          {
            path: 'organizations/:organizationId',
            lazy: screen(
              () => import('../features/organizations/routes/OrganizationDetailsPage'),
              (m) => m.OrganizationDetailsPage,
            ),
          },
          {
            path: 'organizations/:organizationId/users/invite',
            lazy: screen(
              () => import('../features/organizations/routes/InviteMemberPage'),
              (m) => m.InviteMemberPage,
            ),
          },
          {
            path: 'organizations/:organizationId/users/:memberId',
            lazy: screen(
              () => import('../features/organizations/routes/MemberDetailsPage'),
              (m) => m.MemberDetailsPage,
            ),
          },
          {
            path: 'my-profile',
            lazy: screen(
              () => import('../features/account/routes/MyProfilePage'),
              (m) => m.MyProfilePage,
            ),
          },
          {
            path: 'change-password',
            lazy: screen(
              () => import('../features/account/routes/ChangePasswordPage'),
              (m) => m.ChangePasswordPage,
            ),
          },
          {
            path: 'dev-outbox',
            lazy: screen(
              () => import('../features/dev-outbox/routes/DevOutboxPage'),
              (m) => m.DevOutboxPage,
            ),
          },
        ],
      },
      {
        path: '*',
        lazy: screen(
          () => import('./routes/NotFoundPage'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
