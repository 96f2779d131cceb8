import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { AUDIT_LOG_PATHS } from './paths';

export const auditLogRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      AUDIT_LOG_PATHS.auditLog,
      () => import('./routes/AuditLogPage'),
      (m) => m.AuditLogPage,
    ),
  ],
};
