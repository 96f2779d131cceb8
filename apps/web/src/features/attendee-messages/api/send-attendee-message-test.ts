import { sendAttendeeMessageTest } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';

/** A test to the caller's own address; the server's message says where it went. */
export const useSendAttendeeMessageTest = () =>
  useRouteMutation(sendAttendeeMessageTest, { invalidates: [] });
