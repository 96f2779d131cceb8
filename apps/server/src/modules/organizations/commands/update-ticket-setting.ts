import type { TicketSettingBody } from '@marquee/contract';
import type { z } from 'zod';
import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import type { OrganizationDeps } from '../deps.js';
import { changeOrganization } from './change-organization.js';

/** How many tickets one order may hold, who pays the service fee, whether tickets may be transferred. */
export function updateTicketSetting(
  deps: OrganizationDeps,
  who: Who,
  grant: OrganizationGrant,
  input: z.output<typeof TicketSettingBody>,
) {
  return changeOrganization(deps, who, grant, 'TICKET_SETTING_UPDATED', () => ({
    maxTicketsPerOrder: input.maxTicketsPerOrder,
    serviceFeePaidBy: input.serviceFeePaidBy,
    transfersAllowed: input.transfersAllowed,
  }));
}
