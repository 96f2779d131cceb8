// The catalog feature's public surface for other features.

export { useCategoryOptions } from './api/categories';
export { categoryKeys, subcategoryKeys } from './api/keys';
