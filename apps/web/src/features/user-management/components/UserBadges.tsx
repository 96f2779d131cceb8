import { EnumBadge } from '../../../components/EnumBadge';
import {
  NEUTRAL_NONE,
  REQUEST_LABELS,
  ROLE_COLORS,
  ROLE_LABELS,
  USER_STATUS_COLORS,
  USER_STATUS_LABELS,
} from './labels';

export const UserStatusBadge = ({ status }: { status: string }) => (
  <EnumBadge
    value={status}
    labels={USER_STATUS_LABELS}
    colors={USER_STATUS_COLORS}
    data-testid="user-status"
  />
);
export const RoleBadge = ({ role }: { role: string }) => (
  <EnumBadge value={role} labels={ROLE_LABELS} colors={ROLE_COLORS} />
);
export const RequestBadge = ({ value }: { value: string }) => (
  <EnumBadge value={value} labels={REQUEST_LABELS} colors={NEUTRAL_NONE} />
);
