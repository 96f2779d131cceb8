/** The longest readable part of a slug; a suffix (`-2`) comes on top. */
export const SLUG_BASE_MAX = 80;
/** Slugs the public pages' own addresses use (`/e/preview/<id>`): never given to an event. */
const RESERVED = new Set(['preview']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The readable part of an event's public address `/e/<slug>`: the title without accents, in lower-case
 * kebab case (anything other than a-z and 0-9 becomes one dash), at most SLUG_BASE_MAX characters cut at a
 * dash. At least three characters (the API's slug pattern), never a reserved word or an id's shape.
 */
export function slugBase(title: string): string {
  let base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length > SLUG_BASE_MAX) {
    const cut = base.slice(0, SLUG_BASE_MAX);
    const dash = cut.lastIndexOf('-');
    base = (dash >= SLUG_BASE_MAX / 2 ? cut.slice(0, dash) : cut).replace(/-+$/g, '');
  }
  if (!base) return 'event';
  if (base.length < 3 || RESERVED.has(base) || UUID.test(base)) return `${base}-event`;
  return base;
}

/** The n-th candidate for a base: the base itself, then `base-2`, `base-3`, … */
export const slugCandidate = (base: string, n: number) => (n <= 1 ? base : `${base}-${n}`);

/** Whether a new title gives an event that has a slug a new one: only when its readable part differs. */
export function slugChanges(current: string | null, oldTitle: string, newTitle: string): boolean {
  return current !== null && slugBase(oldTitle) !== slugBase(newTitle);
}
