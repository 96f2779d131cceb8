import type { RefundSettingBody } from '@marquee/contract';
import type { z } from 'zod';
import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import type { OrganizationDeps } from '../deps.js';
import { changeOrganization } from './change-organization.js';

/** The organization's refund policy, approval mode and whether the service fee is refunded. */
export function updateRefundSetting(
  deps: OrganizationDeps,
  who: Who,
  grant: OrganizationGrant,
  input: z.output<typeof RefundSettingBody>,
) {
  return changeOrganization(deps, who, grant, 'REFUND_SETTING_UPDATED', () => ({
    refundPolicy: input.policy,
    refundHoursBeforeStart: input.hoursBeforeStart,
    refundApproval: input.approval,
    refundServiceFee: input.refundServiceFee,
  }));
}
