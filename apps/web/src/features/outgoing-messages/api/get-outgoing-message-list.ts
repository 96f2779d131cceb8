import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { outgoingMessageKeys } from './keys';

export const useOutgoingMessageList = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(outgoingMessageKeys.list, query));
