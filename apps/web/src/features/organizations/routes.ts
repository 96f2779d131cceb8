import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { ORGANIZATION_PATHS } from './paths';

const loadForm = () => import('./routes/OrganizationFormPage');

export const organizationRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      ORGANIZATION_PATHS.organizations,
      'console',
      () => import('./routes/OrganizationListPage'),
      (m) => m.OrganizationListPage,
    ),
    // An organization is made in an organizer's own name; editing one is for whoever manages it (the
    // server decides that per organization).
    consoleScreen(
      ORGANIZATION_PATHS.newOrganization,
      'approved-organizer',
      loadForm,
      (m) => m.OrganizationFormPage,
    ),
    consoleScreen(ORGANIZATION_PATHS.editOrganization, 'console', loadForm, (m) => m.OrganizationFormPage),
    consoleScreen(
      ORGANIZATION_PATHS.organizationDetails,
      'console',
      () => import('./routes/OrganizationDetailsPage'),
      (m) => m.OrganizationDetailsPage,
    ),
    consoleScreen(
      ORGANIZATION_PATHS.inviteMember,
      'console',
      () => import('./routes/InviteMemberPage'),
      (m) => m.InviteMemberPage,
    ),
    consoleScreen(
      ORGANIZATION_PATHS.memberDetails,
      'console',
      () => import('./routes/MemberDetailsPage'),
      (m) => m.MemberDetailsPage,
    ),
  ],
};
