import { USER_EXPORT_PATH, UserExportQuery } from '@marquee/contract';
import { formatInZone } from '@marquee/time';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/access/index.js';
import { callerTimeZone } from '../../lib/caller-zone.js';
import { timeCell } from '../../lib/export/cells.js';
import { rowObject } from '../../lib/export/cursor.js';
import { sendExport } from '../../lib/export/send-export.js';
import { EXPORT_COMPRESSION } from '../../plugins/compress.js';
import { userExportStatements } from './queries/user-export.js';
import { type UserRowData, userColumns } from './queries/user-rows.js';

type Query = z.output<typeof UserExportQuery>;

const KEYS = Object.keys(userColumns);
const HEADERS = [
  'First name',
  'Last name',
  'Username',
  'Email',
  'Phone',
  'Phone verified',
  'Role',
  'Status',
  'Organizer request',
  'Non-profit',
  'Organizations',
  'Orders',
  'Joined',
  'Time zone',
];

/**
 * GET /api/v1/admin/user/export-user-list (docs/user-management.md): the user list's search, filters and
 * sort as a CSV or XLSX file, streamed from a cursor like the orders export (constant memory, no cap).
 * Registered by hand because the answer is a file; it declares its access like every /api route.
 */
export function userExportRoute(app: FastifyInstance, db: Db) {
  app.get(
    USER_EXPORT_PATH,
    {
      config: { access: 'admin' },
      exposeHeadRoute: false,
      compress: EXPORT_COMPRESSION,
      schema: {
        summary: 'Export the user list (CSV or XLSX), streamed; x-total-rows gives the count',
        tags: ['Admin users'],
        querystring: UserExportQuery,
      },
    },
    async (request, reply) => {
      const actor = request.actor as Actor;
      const query = request.query as Query;
      const zone = callerTimeZone(request, actor);
      const { count, select } = userExportStatements(db, query);
      return sendExport(request, reply, {
        count,
        select,
        format: query.format,
        fileName: `users-${formatInZone(new Date(), 'yyyy-MM-dd', zone)}`,
        sheetName: 'users',
        headers: HEADERS,
        cells: (values) => {
          const r = rowObject(KEYS, values) as unknown as UserRowData;
          return [
            r.firstName,
            r.lastName,
            r.username,
            r.email,
            r.phone,
            r.phoneVerified ? 'Yes' : 'No',
            r.role,
            r.status,
            r.organizerRequest,
            r.nonProfit,
            Number(r.organizationCount),
            Number(r.bookingCount),
            // The caller's clock (a user belongs to no event): the zone is named beside it.
            timeCell(r.createdAt, zone),
            zone,
          ];
        },
      });
    },
  );
}
