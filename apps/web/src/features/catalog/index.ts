// The catalog feature's public surface for other features.

export { useCategoryOptions } from './api/get-category-list';
export { categoryKeys, subcategoryKeys } from './api/keys';
