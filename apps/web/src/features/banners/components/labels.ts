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

/** What a new link may point to; an event is chosen from the upcoming published events. */
export const OFFERED_LINK_TYPES: readonly BannerLinkType[] = ['CATEGORY', 'EVENT', 'URL'];
