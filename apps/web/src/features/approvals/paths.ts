export const APPROVAL_PATHS = {
  /** Administrators' queue of organizer requests. */
  organizerRequests: '/organizer-requests',
  /** Administrators' queue of non-profit exemption requests. */
  nonProfitRequests: '/non-profit-requests',
} as const;
