// The catalog-requests feature's public surface for other features.

export { RequestsTable } from './components/RequestsTable';
