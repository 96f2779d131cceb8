import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { categoryKeys } from './keys';

/** Active categories for pickers; `enabled: false` until the picker is shown. */
export const useCategoryOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...routeQuery(categoryKeys.options, {}), enabled });
