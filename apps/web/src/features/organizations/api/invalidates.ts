/** Query key prefixes refreshed after any change to organizations, their team or payouts. */
export const ORGANIZATION_KEYS = ['/api/v1/organization', '/api/v1/favorite-user', '/api/v1/payment'];
