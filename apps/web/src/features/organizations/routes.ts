import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { ORGANIZATION_PATHS } from './paths';

export const organizationRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      ORGANIZATION_PATHS.organizations,
      () => import('./routes/OrganizationListPage'),
      (m) => m.OrganizationListPage,
    ),
    ...[ORGANIZATION_PATHS.newOrganization, ORGANIZATION_PATHS.editOrganization].map((path) =>
      lazyScreen(
        path,
        () => import('./routes/OrganizationFormPage'),
        (m) => m.OrganizationFormPage,
      ),
    ),
    lazyScreen(
      ORGANIZATION_PATHS.organizationDetails,
      () => import('./routes/OrganizationDetailsPage'),
      (m) => m.OrganizationDetailsPage,
    ),
    lazyScreen(
      ORGANIZATION_PATHS.inviteMember,
      () => import('./routes/InviteMemberPage'),
      (m) => m.InviteMemberPage,
    ),
    lazyScreen(
      ORGANIZATION_PATHS.memberDetails,
      () => import('./routes/MemberDetailsPage'),
      (m) => m.MemberDetailsPage,
    ),
  ],
};
