// Messages to attendees: what the event screens and the orders list use.

export {
  AttendeeMessagesCard,
  CancellationMessageButton,
  DateChangeNotice,
  movedDates,
} from './components/EventPageLinks';
export { eventMessagesPath } from './paths';
