import { archiveEvent } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_EVENT_CHANGE } from './keys';

export const useArchiveEvents = () => useRouteMutation(archiveEvent, { invalidates: AFTER_EVENT_CHANGE });
