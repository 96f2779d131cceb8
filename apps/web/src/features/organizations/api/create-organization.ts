import { createOrganization } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { ORGANIZATION_KEYS } from './invalidates';

export const useCreateOrganization = () =>
  useRouteMutation(createOrganization, { invalidates: ORGANIZATION_KEYS });
