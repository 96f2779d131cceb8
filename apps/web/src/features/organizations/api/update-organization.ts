import { updateOrganization } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { ORGANIZATION_KEYS } from './invalidates';

export const useUpdateOrganization = () =>
  useRouteMutation(updateOrganization, { invalidates: ORGANIZATION_KEYS });
