import type { StoredSchedule } from './schema/index.js';
import {
  addDays,
  comingWeekday,
  type DemoSession,
  type PlainDate,
  sessionAt,
  weeklySessions,
} from './seed-event-dates.js';

/**
 * What the demo organizations run: every kind (single, multi, course and drop-in class) and every state
 * (draft, published, completed, cancelled, blocked, private), dated from the seeding clock so the
 * upcoming ones stay upcoming whatever day the demo is started. Names refer to the demo catalog and the
 * reference lists; prices are minor units of the organization's currency.
 */
export type DemoLocation =
  | { type: 'VENUE'; venueName: string; address: string; latitude: number; longitude: number }
  | { type: 'ONLINE'; onlineUrl: string };

export interface DemoTicketType {
  pricing: 'PAID' | 'FREE' | 'DONATION';
  name: string;
  description?: string;
  /** For a donation, the minimum a buyer gives. */
  price: number;
  quantity: number;
  maxPerOrder?: number;
}

export interface DemoEvent {
  kind: 'SINGLE' | 'MULTI' | 'CLASS';
  title: string;
  description: string;
  category?: string;
  subcategory?: string;
  tags?: string[];
  classType?: { name: string; bookingMode: 'COURSE' | 'DROP_IN' };
  location?: DemoLocation;
  timeZone?: string;
  status: 'DRAFT' | 'PUBLISHED' | 'COMPLETED' | 'CANCELLED';
  visibility?: 'PUBLIC' | 'PRIVATE';
  isBlocked?: boolean;
  isVerified?: boolean;
  /** The EVENT_REPORT reason it was reported for. */
  reportedFor?: string;
  /** A demo picture of this colour is stored when the seeding has media storage. */
  imageColor?: string;
  sessions: (DemoSession & { capacity?: number })[];
  schedule?: StoredSchedule;
  ticketTypes: DemoTicketType[];
  /** Promo codes of the event (docs/promo-codes.md). */
  promoCodes?: { code: string; kind: 'PERCENT' | 'FIXED'; amount: number; maxUses?: number }[];
  /** An EVENT_CANCEL reason and the organizer's note. */
  cancel?: { reason: string; note: string };
  /** The demo member's role on this event (only in the organization where they are active). */
  memberRole?: 'SCANNER' | 'EVENT_ORGANIZER';
}

const SUN = 0;
const MON = 1;
const TUE = 2;
const WED = 3;
const THU = 4;
const FRI = 5;
const SAT = 6;

const weeks = (first: PlainDate, n: number) => addDays(first, (n - 1) * 7);

/** Riverside Jazz Club (USD): Springfield, Massachusetts, and an online class taught from Los Angeles. */
export function jazzClubEvents(now: Date): DemoEvent[] {
  const zone = 'America/New_York';
  const club: DemoLocation = {
    type: 'VENUE',
    venueName: 'Riverside Jazz Club',
    address: '12 River Walk, Springfield, MA 01103',
    latitude: 42.1015,
    longitude: -72.5898,
  };
  const friday = comingWeekday(now, zone, FRI);
  const pianoFirst = comingWeekday(now, zone, SUN);
  const improvZone = 'America/Los_Angeles';
  const improvFirst = comingWeekday(now, improvZone, TUE);
  const piano = weeklySessions(
    { days: [SUN], startTime: '10:00', durationMinutes: 90, first: pianoFirst, last: weeks(pianoFirst, 8) },
    zone,
  );
  const improv = weeklySessions(
    {
      days: [TUE, THU],
      startTime: '18:00',
      durationMinutes: 60,
      first: improvFirst,
      last: addDays(improvFirst, 16),
    },
    improvZone,
  );
  return [
    {
      kind: 'SINGLE',
      title: 'Friday Night Jazz Jam',
      // The README's tour: /e/<slug>?code=JAZZ10 applies it.
      promoCodes: [{ code: 'JAZZ10', kind: 'PERCENT', amount: 10, maxUses: 100 }],
      description:
        'Our house trio opens, then the stage is yours: bring your instrument and sit in. Doors at 7:30 PM, music until late.',
      category: 'Music',
      subcategory: 'Jazz',
      tags: ['Live music', 'Evening', 'Indoor', 'Wheelchair accessible'],
      location: club,
      timeZone: zone,
      status: 'PUBLISHED',
      isVerified: true,
      imageColor: '#7048e8',
      sessions: [sessionAt(friday, '20:00', 180, zone)],
      ticketTypes: [
        { pricing: 'PAID', name: 'General admission', price: 2500, quantity: 120, maxPerOrder: 8 },
        {
          pricing: 'FREE',
          name: 'Sitting-in musician',
          description: 'For musicians who bring an instrument and play a set.',
          price: 0,
          quantity: 20,
          maxPerOrder: 1,
        },
        {
          pricing: 'DONATION',
          name: 'Support the club',
          description: 'Give what you like, from $5, and help keep live jazz by the river.',
          price: 500,
          quantity: 50,
        },
      ],
      memberRole: 'SCANNER',
    },
    {
      kind: 'MULTI',
      title: 'Saturday Big Band Series',
      description:
        'Four Saturday nights with the Springfield Big Band, each with a different guest soloist. Book one night or all four.',
      category: 'Music',
      subcategory: 'Concerts',
      tags: ['Live music', 'Weekend', 'Evening'],
      location: club,
      timeZone: zone,
      status: 'PUBLISHED',
      imageColor: '#1971c2',
      sessions: [0, 2, 4, 6].map((w) => ({
        ...sessionAt(comingWeekday(now, zone, SAT, w), '19:30', 150, zone),
        capacity: 150,
      })),
      ticketTypes: [
        { pricing: 'PAID', name: 'Standard', price: 3000, quantity: 120 },
        { pricing: 'PAID', name: 'Table for two', price: 9000, quantity: 15, maxPerOrder: 2 },
      ],
      memberRole: 'EVENT_ORGANIZER',
    },
    {
      kind: 'CLASS',
      title: 'Jazz Piano for Beginners',
      description:
        'Eight Sunday mornings from chords to your first standard. One ticket covers the whole course; pianos provided.',
      category: 'Education',
      subcategory: 'Workshops',
      tags: ['Beginner', 'Hands-on', 'Limited seats'],
      classType: { name: 'Course', bookingMode: 'COURSE' },
      location: club,
      timeZone: zone,
      status: 'PUBLISHED',
      imageColor: '#0c8599',
      ...piano,
      ticketTypes: [{ pricing: 'PAID', name: 'Full course', price: 24000, quantity: 12, maxPerOrder: 2 }],
    },
    {
      kind: 'CLASS',
      title: 'Online Improvisation Drop-in',
      description:
        'An hour of improvisation exercises over video, taught from Los Angeles on Tuesdays and Thursdays. Come to any session.',
      category: 'Music',
      subcategory: 'Jazz',
      tags: ['Online', 'Evening'],
      classType: { name: 'Drop-in class', bookingMode: 'DROP_IN' },
      location: { type: 'ONLINE', onlineUrl: 'https://meet.example.com/riverside-improv' },
      timeZone: improvZone,
      status: 'PUBLISHED',
      ...improv,
      ticketTypes: [
        { pricing: 'PAID', name: 'Drop-in', price: 1500, quantity: 25 },
        { pricing: 'DONATION', name: 'Pay what you can', price: 300, quantity: 10, maxPerOrder: 1 },
      ],
    },
    {
      kind: 'SINGLE',
      title: "New Year's Eve Big Band Gala",
      description: 'Dinner, dancing and the countdown with a twelve-piece band. Menu and prices to follow.',
      category: 'Music',
      status: 'DRAFT',
      sessions: [],
      ticketTypes: [],
    },
    {
      kind: 'SINGLE',
      title: 'Autumn Jazz Brunch',
      description: 'A Sunday brunch with a guitar duo playing bossa nova and swing.',
      category: 'Food & Drink',
      subcategory: 'Tastings',
      tags: ['Live music', 'Weekend', 'Vegan options'],
      location: club,
      timeZone: zone,
      status: 'COMPLETED',
      sessions: [sessionAt(comingWeekday(now, zone, SUN, -3), '11:00', 150, zone)],
      ticketTypes: [{ pricing: 'PAID', name: 'Brunch and music', price: 4500, quantity: 60 }],
    },
    {
      kind: 'SINGLE',
      title: 'Open-air Swing Night',
      description: 'Swing dancing under the lights of Riverfront Park, with a beginners lesson at 6 PM.',
      category: 'Music',
      subcategory: 'Concerts',
      tags: ['Outdoor', 'Live music', 'Family friendly'],
      location: {
        type: 'VENUE',
        venueName: 'Riverfront Park',
        address: '121 West Columbus Ave, Springfield, MA 01103',
        latitude: 42.0987,
        longitude: -72.592,
      },
      timeZone: zone,
      status: 'CANCELLED',
      sessions: [sessionAt(comingWeekday(now, zone, SAT, 3), '18:00', 240, zone)],
      ticketTypes: [{ pricing: 'FREE', name: 'Free entry', price: 0, quantity: 300 }],
      cancel: {
        reason: 'Weather or safety',
        note: 'The park is closed for flood repairs; we will announce a new date.',
      },
    },
    {
      kind: 'SINGLE',
      title: 'After-hours Jam (unlicensed promoter)',
      description:
        'A late-night jam advertised by an outside promoter; blocked by the platform after reports.',
      category: 'Music',
      subcategory: 'Jazz',
      tags: ['18+', 'Evening'],
      location: club,
      timeZone: zone,
      status: 'PUBLISHED',
      isBlocked: true,
      reportedFor: 'Suspected fraud or scam',
      sessions: [sessionAt(comingWeekday(now, zone, SAT, 1), '23:00', 180, zone)],
      ticketTypes: [{ pricing: 'PAID', name: 'Entry', price: 2000, quantity: 80 }],
    },
    {
      kind: 'SINGLE',
      title: 'Members-only Listening Session',
      description: 'Rare pressings on the club hi-fi for members and their guests. By invitation only.',
      category: 'Music',
      subcategory: 'Jazz',
      tags: ['Indoor', 'Limited seats'],
      location: club,
      timeZone: zone,
      status: 'PUBLISHED',
      visibility: 'PRIVATE',
      sessions: [sessionAt(comingWeekday(now, zone, WED, 1), '19:00', 120, zone)],
      ticketTypes: [{ pricing: 'FREE', name: 'Invitation', price: 0, quantity: 30, maxPerOrder: 2 }],
    },
  ];
}

/** Old Town Theatre Company (EUR): Berlin, and an online class in the same zone. */
export function theatreEvents(now: Date): DemoEvent[] {
  const zone = 'Europe/Berlin';
  const theatre: DemoLocation = {
    type: 'VENUE',
    venueName: 'Old Town Theatre',
    address: 'Sophienstraße 18, 10178 Berlin',
    latitude: 52.5259,
    longitude: 13.4005,
  };
  const actingFirst = comingWeekday(now, zone, MON);
  const voiceFirst = comingWeekday(now, zone, WED);
  const acting = weeklySessions(
    {
      days: [MON],
      startTime: '18:30',
      durationMinutes: 120,
      first: actingFirst,
      last: weeks(actingFirst, 8),
    },
    zone,
  );
  const voice = weeklySessions(
    { days: [WED], startTime: '08:00', durationMinutes: 45, first: voiceFirst, last: weeks(voiceFirst, 5) },
    zone,
  );
  return [
    {
      kind: 'SINGLE',
      title: "A Midsummer Night's Dream: Premiere",
      description:
        'The company opens its new season with Shakespeare in a forest of paper lanterns. About two hours and a half with one interval.',
      category: 'Arts & Theatre',
      subcategory: 'Theatre',
      tags: ['Indoor', 'Evening', 'Wheelchair accessible'],
      location: theatre,
      timeZone: zone,
      status: 'PUBLISHED',
      isVerified: true,
      imageColor: '#e64980',
      sessions: [sessionAt(comingWeekday(now, zone, SAT), '19:00', 150, zone)],
      ticketTypes: [
        { pricing: 'PAID', name: 'Stalls', price: 3500, quantity: 180, maxPerOrder: 6 },
        {
          pricing: 'FREE',
          name: 'School groups',
          description: 'Free seats for pupils and their teachers; book one per person.',
          price: 0,
          quantity: 30,
          maxPerOrder: 6,
        },
        {
          pricing: 'DONATION',
          name: 'Friend of the theatre',
          description: 'A seat in the circle for a donation of at least €15.',
          price: 1500,
          quantity: 40,
          maxPerOrder: 4,
        },
      ],
    },
    {
      kind: 'MULTI',
      title: 'Improv Comedy Nights',
      description: 'Four Fridays of improvised comedy built from the audience’s suggestions.',
      category: 'Arts & Theatre',
      subcategory: 'Comedy',
      tags: ['Evening', '18+'],
      location: theatre,
      timeZone: zone,
      status: 'PUBLISHED',
      imageColor: '#f08c00',
      sessions: [0, 1, 2, 3].map((w) => ({
        ...sessionAt(comingWeekday(now, zone, FRI, w), '20:00', 90, zone),
        capacity: 90,
      })),
      ticketTypes: [
        { pricing: 'PAID', name: 'Standard', price: 1800, quantity: 80, maxPerOrder: 6 },
        { pricing: 'PAID', name: 'Reduced', description: 'Students and seniors.', price: 1200, quantity: 20 },
      ],
    },
    {
      kind: 'CLASS',
      title: 'Acting for Beginners',
      description:
        'Eight Monday evenings of games, scene work and a short showing for friends at the end. No experience needed.',
      category: 'Education',
      subcategory: 'Workshops',
      tags: ['Beginner', 'Hands-on', 'Limited seats'],
      classType: { name: 'Course', bookingMode: 'COURSE' },
      location: theatre,
      timeZone: zone,
      status: 'PUBLISHED',
      imageColor: '#2f9e44',
      ...acting,
      ticketTypes: [
        { pricing: 'PAID', name: 'Full course', price: 16000, quantity: 16, maxPerOrder: 2 },
        { pricing: 'PAID', name: 'Full course, reduced', price: 11000, quantity: 4, maxPerOrder: 1 },
      ],
    },
    {
      kind: 'CLASS',
      title: 'Morning Voice Warm-up (online)',
      description:
        'Forty-five minutes of breathing and voice exercises over video before work. Join any Wednesday.',
      category: 'Education',
      subcategory: 'Workshops',
      tags: ['Online', 'Beginner'],
      classType: { name: 'Drop-in class', bookingMode: 'DROP_IN' },
      location: { type: 'ONLINE', onlineUrl: 'https://meet.example.com/oldtown-voice' },
      timeZone: zone,
      status: 'PUBLISHED',
      ...voice,
      ticketTypes: [
        { pricing: 'PAID', name: 'Session', price: 800, quantity: 30, maxPerOrder: 1 },
        { pricing: 'FREE', name: 'Company member', price: 0, quantity: 5, maxPerOrder: 1 },
      ],
    },
    {
      kind: 'CLASS',
      title: 'Stage Combat Workshop',
      description:
        'Safe sword and fist fights for the stage. Dates still to be fixed with the fight director.',
      category: 'Education',
      classType: { name: 'Workshop', bookingMode: 'COURSE' },
      status: 'DRAFT',
      sessions: [],
      ticketTypes: [],
    },
    {
      kind: 'SINGLE',
      title: 'Autumn Reading Night',
      description: 'Members of the company read short stories by candlelight, with mulled wine in the foyer.',
      category: 'Arts & Theatre',
      subcategory: 'Theatre',
      tags: ['Indoor', 'Evening', 'Seasonal'],
      location: theatre,
      timeZone: zone,
      status: 'COMPLETED',
      sessions: [sessionAt(comingWeekday(now, zone, THU, -3), '19:30', 120, zone)],
      ticketTypes: [
        { pricing: 'PAID', name: 'Entry', price: 1000, quantity: 70, maxPerOrder: 6 },
        { pricing: 'DONATION', name: 'Pay what you like', price: 300, quantity: 20, maxPerOrder: 2 },
      ],
    },
    {
      kind: 'SINGLE',
      title: 'Shakespeare in the Park',
      description: 'Twelfth Night on the open-air stage of Volkspark Friedrichshain. Bring a blanket.',
      category: 'Arts & Theatre',
      subcategory: 'Theatre',
      tags: ['Outdoor', 'Family friendly', 'Weekend'],
      location: {
        type: 'VENUE',
        venueName: 'Volkspark Friedrichshain, open-air stage',
        address: 'Am Friedrichshain 1, 10249 Berlin',
        latitude: 52.5279,
        longitude: 13.433,
      },
      timeZone: zone,
      status: 'CANCELLED',
      sessions: [sessionAt(comingWeekday(now, zone, SUN, 2), '16:00', 150, zone)],
      ticketTypes: [{ pricing: 'PAID', name: 'Lawn', price: 1200, quantity: 250, maxPerOrder: 6 }],
      cancel: { reason: 'Venue unavailable', note: 'The park stage is closed for repairs this season.' },
    },
    {
      kind: 'SINGLE',
      title: 'Backstage Tour and Costume Sale',
      description: 'A tour behind the scenes and a sale of old costumes, listed with misleading prices.',
      category: 'Arts & Theatre',
      subcategory: 'Exhibitions',
      tags: ['Indoor', 'Family friendly'],
      location: theatre,
      timeZone: zone,
      status: 'PUBLISHED',
      isBlocked: true,
      reportedFor: 'Misleading or false information',
      sessions: [sessionAt(comingWeekday(now, zone, SAT, 2), '11:00', 120, zone)],
      ticketTypes: [{ pricing: 'PAID', name: 'Tour', price: 500, quantity: 25, maxPerOrder: 4 }],
    },
    {
      kind: 'SINGLE',
      title: 'Dress Rehearsal for Friends and Family',
      description:
        'The final run of the Midsummer premiere, open only to the families and friends of the cast.',
      category: 'Arts & Theatre',
      subcategory: 'Theatre',
      tags: ['Indoor'],
      location: theatre,
      timeZone: zone,
      status: 'PUBLISHED',
      visibility: 'PRIVATE',
      sessions: [sessionAt(comingWeekday(now, zone, THU), '19:00', 150, zone)],
      ticketTypes: [{ pricing: 'FREE', name: 'Guest', price: 0, quantity: 60, maxPerOrder: 4 }],
    },
  ];
}
