import type { CatalogOption, CatalogRequest, Category, Subcategory, Tag } from '@marquee/contract';
import type { CatalogRequestRow, CategoryRow, SubcategoryRow, TagRow } from '../../db/rows.js';

/** The catalog's rows as the contract shows them. */
export function toCategory(row: CategoryRow, subcategoryCount: number): Category {
  return {
    _id: row.id,
    name: row.name,
    image: row.image as Category['image'],
    thumbnail: row.thumbnail as Category['thumbnail'],
    status: row.status,
    isPopular: row.isPopular,
    order: row.order,
    subcategoryCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSubcategory(row: SubcategoryRow, cats: { _id: string; name: string }[]): Subcategory {
  return {
    _id: row.id,
    name: row.name,
    image: row.image as Subcategory['image'],
    thumbnail: row.thumbnail as Subcategory['thumbnail'],
    status: row.status,
    isPopular: row.isPopular,
    order: row.order,
    categories: cats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOption(row: {
  id: string;
  name: string;
  image: string | null;
  thumbnail: string | null;
}): CatalogOption {
  return {
    _id: row.id,
    name: row.name,
    image: row.image as CatalogOption['image'],
    thumbnail: row.thumbnail as CatalogOption['thumbnail'],
  };
}

export function toTag(row: TagRow): Tag {
  return {
    _id: row.id,
    name: row.name,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type RequestRow = { request: CatalogRequestRow; firstName: string; lastName: string; email: string };

export function toRequest({ request: r, firstName, lastName, email }: RequestRow): CatalogRequest {
  return {
    _id: r.id,
    kind: r.kind,
    name: r.name,
    note: r.note,
    categoryIds: r.categoryIds,
    status: r.status,
    rejectionReason: r.rejectionReason,
    requestedBy: { _id: r.requestedBy, name: `${firstName} ${lastName}`.trim(), email },
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdItemId: r.createdItemId,
  };
}
