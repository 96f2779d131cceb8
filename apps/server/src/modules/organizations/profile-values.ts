import { ORGANIZATION_TIME_ZONE_MESSAGE, type OrganizationBody } from '@marquee/contract';
import { isValidTimeZone } from '@marquee/time';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { NO_SOCIAL } from './views.js';

export type ProfileInput = z.output<typeof OrganizationBody>;

/** The profile's columns as the form gives them (social links missing from it are cleared). */
export function profileValues(input: ProfileInput) {
  return {
    name: input.name,
    description: input.description,
    logo: input.logo,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    address: input.address,
    website: input.website,
    socialLinks: { ...NO_SOCIAL, ...(input.socialLinks ?? {}) },
  };
}

/** The zone as given, refused (400 on the field) when it is no IANA name the runtime knows. */
export function checkedTimeZone(zone: string | undefined): string | undefined {
  if (zone === undefined || isValidTimeZone(zone)) return zone;
  throw badRequest(ORGANIZATION_TIME_ZONE_MESSAGE, [
    { field: 'timeZone', message: ORGANIZATION_TIME_ZONE_MESSAGE },
  ]);
}
