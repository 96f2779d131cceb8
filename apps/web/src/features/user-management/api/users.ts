import { USER_EXPORT_PATH, type UserExportQuery, updateUserStatus } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { useFileExport } from '../../../components/use-file-export';
import { routeListQuery, routeQuery, useRouteMutation } from '../../../lib/api-hooks';
import { downloadFile } from '../../../lib/download-file';
import { auditLogKeys } from '../../audit-log';
import { userKeys } from './keys';

export const useUserList = (query: Record<string, unknown>) => useQuery(routeListQuery(userKeys.list, query));
export const useOrganizerList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(userKeys.organizers, query));
export const useUserDetail = (userId: string) => useQuery(routeQuery(userKeys.detail, { userId }));
export const useUserOrganizations = (userId: string) =>
  useQuery(routeQuery(userKeys.organizations, { userId }));
export const useUserBookings = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(userKeys.bookings, query));
export const useUserBooking = (bookingId: string | undefined) =>
  useQuery({ ...routeQuery(userKeys.booking, { bookingId: bookingId ?? '' }), enabled: !!bookingId });
export const useCreatedEvents = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(userKeys.createdEvents, query));

/** Blocking changes the user everywhere they show, and writes an audit entry. */
export const useUpdateUserStatus = () =>
  useRouteMutation(updateUserStatus, { invalidates: [userKeys.all, auditLogKeys.all] });

/** The user list's export (CSV or XLSX) with its filters, shown in progress by the shared modal. */
export function useUserExport() {
  return useFileExport<UserExportQuery>({
    download: (query, transfer) =>
      downloadFile(USER_EXPORT_PATH, query, { ...transfer, fallbackName: `users.${query.format}` }),
    title: (query) => `Exporting users (${query.format.toUpperCase()})`,
    successMessage: (_query, filename) => `Exported users to ${filename}`,
  });
}
