export const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

export const STATUS_FILTER = [{ value: '', label: 'All statuses' }, ...STATUS_OPTIONS];
