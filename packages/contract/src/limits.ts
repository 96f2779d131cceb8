import { z } from 'zod';
import { DATE_YEARS } from './constants.js';

const YEARS_MESSAGE = `Choose a date between the years ${DATE_YEARS.earliest} and ${DATE_YEARS.latest}`;

function yearOf(text: string): number {
  return new Date(text).getUTCFullYear();
}

function inYears(text: string): boolean {
  const year = yearOf(text);
  // Not a date at all: the format check has said so already, once is enough.
  if (Number.isNaN(year)) return true;
  return year >= DATE_YEARS.earliest && year <= DATE_YEARS.latest;
}

/**
 * An instant with its offset, within DATE_YEARS: the ISO format alone lets year 0000 and
 * 9999-12-31T23:59-14:00 through, which JavaScript writes as +010000 and PostgreSQL refuses.
 */
export function instantInput(message = 'Enter a date and time') {
  return z.iso.datetime({ offset: true, error: message }).refine(inYears, YEARS_MESSAGE);
}

/** A calendar day (`yyyy-MM-dd`) within DATE_YEARS. */
export function dayInput(message?: string) {
  return z.iso.date(message ? { error: message } : undefined).refine(inYears, YEARS_MESSAGE);
}

/**
 * A path of this site to return to after paying: one leading slash, then no slash or backslash, and no
 * whitespace or control character anywhere. A URL parser drops tabs and newlines, so `/\t/evil.example`
 * would become `//evil.example`: another host.
 */
export function returnPathInput(message: string) {
  return z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\\\s\p{Cc}]*$/u, message);
}
