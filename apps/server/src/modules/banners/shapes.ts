import type { Banner, BannerBody } from '@marquee/contract';
import type { z } from 'zod';
import type { BannerRow } from '../../db/rows.js';
import { thumbnailOf } from '../media/index.js';

export type BannerInput = z.output<typeof BannerBody>;

/** Audit entity type of banners. */
export const BANNER = 'BANNER';

export function toBanner(row: BannerRow, linkLabel: string | null): Banner {
  return {
    _id: row.id,
    title: row.title,
    image: row.image as Banner['image'],
    thumbnail: row.thumbnail as Banner['thumbnail'],
    linkType: row.linkType,
    linkValue: row.linkValue,
    linkLabel,
    visibility: row.visibility,
    status: row.status,
    order: row.order,
    activeFrom: row.activeFrom?.toISOString() ?? null,
    activeTo: row.activeTo?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a banner's form sets. */
export function bannerValues(input: BannerInput) {
  return {
    title: input.title,
    image: input.image,
    thumbnail: thumbnailOf(input.image),
    linkType: input.linkType,
    linkValue: input.linkValue,
    visibility: input.visibility ?? 'BOTH',
    status: input.status ?? 'ACTIVE',
    activeFrom: input.activeFrom ? new Date(input.activeFrom) : null,
    activeTo: input.activeTo ? new Date(input.activeTo) : null,
  };
}
