// The catalog-requests feature's public surface for other features.

export { catalogRequestKeys } from './api/keys';
export { RequestsTable } from './components/RequestsTable';
