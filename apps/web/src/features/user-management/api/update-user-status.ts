import { updateUserStatus } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { auditLogKeys } from '../../audit-log';
import { userKeys } from './keys';

/** Blocking changes the user everywhere they show, and writes an audit entry. */
export const useUpdateUserStatus = () =>
  useRouteMutation(updateUserStatus, { invalidates: [userKeys.all, auditLogKeys.all] });
