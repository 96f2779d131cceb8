import { z } from 'zod';
import { CatalogStatus, DisplayOrder } from './catalog-common.js';
import { Visibility } from './common.js';
import { instantInput } from './limits.js';
import { MediaUrl } from './media.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

const P = '/api/v1/admin/banner';
const BannerId = z.uuid({ error: 'Choose a banner' });

export const BannerLinkType = z.enum(['EVENT', 'CATEGORY', 'URL'], {
  error: 'Choose what the banner links to',
});
export type BannerLinkType = z.infer<typeof BannerLinkType>;

export const Banner = z.object({
  _id: z.uuid(),
  title: z.string(),
  image: MediaUrl,
  thumbnail: MediaUrl.nullable(),
  linkType: BannerLinkType,
  /** An event id, a category id, or an http(s) URL, per `linkType`. */
  linkValue: z.string(),
  /** The category's name when `linkType` is CATEGORY. */
  linkLabel: z.string().nullable(),
  visibility: Visibility,
  status: CatalogStatus,
  order: z.number().int(),
  activeFrom: z.iso.datetime().nullable(),
  activeTo: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Banner = z.infer<typeof Banner>;

const OptionalDate = instantInput('Enter a valid date and time').nullable().default(null);

export const BannerBody = z
  .object({
    title: z
      .string({ error: 'Enter the banner title' })
      .trim()
      .min(2, 'The banner title needs at least 2 characters')
      .max(120, 'The banner title can have at most 120 characters'),
    image: MediaUrl,
    linkType: BannerLinkType,
    linkValue: z
      .string({ error: 'Enter where the banner links to' })
      .trim()
      .min(1, 'Enter where the banner links to')
      .max(2000),
    visibility: Visibility.default('BOTH'),
    status: CatalogStatus.default('ACTIVE'),
    order: DisplayOrder.optional(),
    activeFrom: OptionalDate,
    activeTo: OptionalDate,
  })
  .superRefine((v, ctx) => {
    if (v.linkType === 'URL' && !/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v.linkValue)) {
      ctx.addIssue({
        code: 'custom',
        path: ['linkValue'],
        message: 'Enter a web address starting with http:// or https://',
      });
    }
    if (v.linkType !== 'URL' && !z.uuid().safeParse(v.linkValue).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['linkValue'],
        message: v.linkType === 'EVENT' ? 'Enter the event id' : 'Choose a category',
      });
    }
    if (v.activeFrom && v.activeTo && new Date(v.activeTo) <= new Date(v.activeFrom)) {
      ctx.addIssue({ code: 'custom', path: ['activeTo'], message: 'The end must come after the start' });
    }
  });
export type BannerBody = z.input<typeof BannerBody>;

export const getBannerList = defineRoute({
  method: 'GET',
  path: `${P}/get-banner-list`,
  summary: 'Banners, by display order; search by title; filter by status and visibility',
  tag: 'Banners',
  access: 'admin',
  query: pageQuery.extend({ status: CatalogStatus.optional(), visibility: Visibility.optional() }),
  response: envelope(pageOf(Banner)),
});

export const getBannerDetail = defineRoute({
  method: 'GET',
  path: `${P}/get-banner-detail`,
  summary: 'One banner',
  tag: 'Banners',
  access: 'admin',
  query: z.object({ bannerId: BannerId }),
  response: envelope(Banner),
});

export const createBanner = defineRoute({
  method: 'POST',
  path: `${P}/create-banner`,
  summary: 'Create a banner (placed last unless an order is given)',
  tag: 'Banners',
  access: 'admin',
  body: BannerBody,
  response: envelope(Banner),
});

export const updateBanner = defineRoute({
  method: 'PUT',
  path: `${P}/update-banner`,
  summary: 'Edit a banner',
  tag: 'Banners',
  access: 'admin',
  body: z.intersection(BannerBody, z.object({ bannerId: BannerId })),
  response: envelope(Banner),
});

export const updateBannerStatus = defineRoute({
  method: 'PUT',
  path: `${P}/update-banner-status`,
  summary: 'Activate or deactivate a banner',
  tag: 'Banners',
  access: 'admin',
  body: z.object({ bannerId: BannerId, status: CatalogStatus }),
  response: envelope(Banner),
});

/** Chosen here: the list's drag/arrow reordering saves the whole order at once. */
export const reorderBanner = defineRoute({
  method: 'PUT',
  path: `${P}/reorder-banner`,
  summary: 'Set the display order: every banner id, first to last',
  tag: 'Banners',
  access: 'admin',
  body: z.object({ bannerIds: z.array(BannerId).min(1, 'Give the banners in their new order').max(1000) }),
  response: envelope(z.null()),
});

export const deleteBanner = defineRoute({
  method: 'DELETE',
  path: `${P}/delete-banner`,
  summary: 'Delete a banner',
  tag: 'Banners',
  access: 'admin',
  body: z.object({ bannerId: BannerId }),
  response: envelope(z.null()),
});
