import type { BannerLinkType, Visibility } from '@marquee/contract';

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  BEFORE_LOGIN: 'Before login',
  AFTER_LOGIN: 'After login',
  BOTH: 'Before and after login',
};
export const VISIBILITY_OPTIONS = (Object.keys(VISIBILITY_LABELS) as Visibility[]).map((value) => ({
  value,
  label: VISIBILITY_LABELS[value],
}));

export const LINK_TYPE_OPTIONS: { value: BannerLinkType; label: string }[] = [
  { value: 'CATEGORY', label: 'A category' },
  { value: 'EVENT', label: 'An event' },
  { value: 'URL', label: 'A web address' },
];

/**
 * What a new link may point to. An event is chosen with an event picker, which arrives with the
 * events screens; until then the form does not ask for the id of something that cannot exist yet.
 * The API still accepts event links, and a banner that has one keeps it when edited.
 */
export const OFFERED_LINK_TYPES: readonly BannerLinkType[] = ['CATEGORY', 'URL'];
