import { updateOrganization } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { organizationKeys } from './keys';

export const useUpdateOrganization = () =>
  useRouteMutation(updateOrganization, { invalidates: [organizationKeys.all] });
