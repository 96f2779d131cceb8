import { eq } from 'drizzle-orm';
import type { MediaStorage } from '../adapters/media-storage/index.js';
import { createMediaService } from '../modules/media/index.js';
import type { Tx } from './client.js';
import {
  banners,
  catalogRequests,
  categories,
  subcategories,
  subcategoryCategories,
  tags,
  users,
} from './schema/index.js';

const CATEGORIES: { name: string; color: string; popular?: boolean; subs: string[] }[] = [
  { name: 'Music', color: '#7048e8', popular: true, subs: ['Concerts', 'Jazz', 'Festivals'] },
  { name: 'Arts & Theatre', color: '#e64980', popular: true, subs: ['Theatre', 'Comedy', 'Exhibitions'] },
  { name: 'Sports', color: '#2f9e44', subs: ['Running', 'Football', 'Yoga'] },
  { name: 'Food & Drink', color: '#f08c00', popular: true, subs: ['Tastings', 'Cooking classes'] },
  { name: 'Business', color: '#1971c2', subs: ['Conferences', 'Networking'] },
  { name: 'Education', color: '#0c8599', subs: ['Workshops', 'Cooking classes', 'Languages'] },
  { name: 'Family & Kids', color: '#d6336c', subs: ['Kids activities'] },
  { name: 'Community', color: '#5c940d', subs: ['Charity', 'Networking'] },
  { name: 'Film', color: '#495057', subs: ['Screenings'] },
];

const TAGS = [
  'Outdoor',
  'Indoor',
  'Family friendly',
  'Free entry',
  'Live music',
  'Wheelchair accessible',
  'Beginner',
  'Advanced',
  'Weekend',
  'Evening',
  'Online',
  'Hybrid',
  'Charity',
  '18+',
  'Pet friendly',
  'Vegan options',
  'Networking',
  'Hands-on',
  'Seasonal',
  'Limited seats',
  'Retired tag',
];

/** A small flat picture with a soft gradient: a believable placeholder made at seed time, no files shipped. */
export async function demoImage(color: string, width: number, height: number): Promise<Buffer> {
  // Loaded when a first start makes the demo pictures, not on every start (docs/performance.md, "Warm start").
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.35"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="${color}"/><rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.22}" fill="#ffffff" fill-opacity="0.25"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Demo catalog: 9 categories with images, subcategories, 21 tags, 3 banners, two pending requests. */
export async function seedCatalog(tx: Tx, storage?: MediaStorage): Promise<void> {
  const media = storage ? createMediaService({ storage }) : undefined;
  const upload = async (color: string, w: number, h: number) =>
    media ? (await media.storeImage(await demoImage(color, w, h))).url : null;
  const thumb = (url: string | null) => (url ? url.replace(/\.(jpg|png|webp)$/, '-thumb.webp') : null);

  const categoryIds = new Map<string, string>();
  const subIds = new Map<string, string>();
  for (const [index, c] of CATEGORIES.entries()) {
    const image = await upload(c.color, 480, 320);
    const [row] = await tx
      .insert(categories)
      .values({ name: c.name, image, thumbnail: thumb(image), isPopular: c.popular ?? false, order: index })
      .returning({ id: categories.id });
    if (!row) continue;
    categoryIds.set(c.name, row.id);
    for (const sub of c.subs) {
      let subId = subIds.get(sub);
      if (!subId) {
        const [s] = await tx
          .insert(subcategories)
          .values({ name: sub, order: subIds.size, isPopular: ['Concerts', 'Comedy'].includes(sub) })
          .returning({ id: subcategories.id });
        if (!s) continue;
        subId = s.id;
        subIds.set(sub, subId);
      }
      await tx.insert(subcategoryCategories).values({ subcategoryId: subId, categoryId: row.id });
    }
  }

  await tx.insert(tags).values(
    TAGS.map((name) => ({
      name,
      status: name === 'Retired tag' ? ('INACTIVE' as const) : ('ACTIVE' as const),
    })),
  );

  const bannerData = [
    {
      title: 'Summer music festivals',
      color: '#7048e8',
      linkType: 'CATEGORY' as const,
      category: 'Music',
      visibility: 'BOTH' as const,
    },
    {
      title: 'Learn something new this month',
      color: '#0c8599',
      linkType: 'CATEGORY' as const,
      category: 'Education',
      visibility: 'AFTER_LOGIN' as const,
    },
    {
      title: 'Become an organizer',
      color: '#f08c00',
      linkType: 'URL' as const,
      url: 'https://example.com/organizers',
      visibility: 'BEFORE_LOGIN' as const,
    },
  ];
  for (const [order, b] of bannerData.entries()) {
    const image = (await upload(b.color, 1200, 400)) ?? '/media/missing.jpg';
    await tx.insert(banners).values({
      title: b.title,
      image,
      thumbnail: thumb(image),
      linkType: b.linkType,
      linkValue: b.linkType === 'URL' ? (b.url ?? '') : (categoryIds.get(b.category ?? '') ?? ''),
      visibility: b.visibility,
      order,
    });
  }

  const [organizer] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'organizer'));
  if (organizer) {
    await tx.insert(catalogRequests).values([
      { kind: 'TAG', name: 'Sunset', note: 'For rooftop and beach events', requestedBy: organizer.id },
      {
        kind: 'CATEGORY',
        name: 'Wellness',
        note: 'Retreats, meditation, spa days',
        requestedBy: organizer.id,
      },
    ]);
  }
}
