import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { AUDIT_LOG_PATHS } from './paths';

export const auditLogRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      AUDIT_LOG_PATHS.auditLog,
      'admin',
      () => import('./routes/AuditLogPage'),
      (m) => m.AuditLogPage,
    ),
  ],
};
