import { createOrganization } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { organizationKeys } from './keys';

export const useCreateOrganization = () =>
  useRouteMutation(createOrganization, { invalidates: [organizationKeys.all] });
