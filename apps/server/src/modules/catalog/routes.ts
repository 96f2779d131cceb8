import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { addRoute } from '../../lib/route.js';
import { createCategory } from './commands/create-category.js';
import { createSubcategory } from './commands/create-subcategory.js';
import { createTag } from './commands/create-tag.js';
import { deleteSubcategory } from './commands/delete-subcategory.js';
import { deleteTags } from './commands/delete-tags.js';
import { reviewCatalogRequest } from './commands/review-catalog-request.js';
import { setCategoryFlags, setSubcategoryFlags } from './commands/set-flags.js';
import { submitCatalogRequest } from './commands/submit-catalog-request.js';
import { updateCategory } from './commands/update-category.js';
import { updateSubcategory } from './commands/update-subcategory.js';
import { updateTag } from './commands/update-tag.js';
import { activeCategories, categoryDetail, categoryPage, popularCategories } from './queries/categories.js';
import { requestPage } from './queries/requests.js';
import {
  activeSubcategories,
  associateCategoryList,
  popularSubcategories,
  subcategoryDetail,
  subcategoryPage,
} from './queries/subcategories.js';
import { tagPage } from './queries/tags.js';

/**
 * Categories, subcategories, tags and organizers' requests. Administrators reach every call;
 * approved organizers reach the active lists and the request calls; anyone else gets a 403.
 */
export async function catalogRoutes(app: FastifyInstance, deps: { db: Db; unitOfWork: UnitOfWork }) {
  const { db, unitOfWork } = deps;

  // ---- categories ----
  addRoute(app, c.getCategoryList, async ({ query }) => {
    return { message: 'Categories loaded.', result: await activeCategories(db, query.search) };
  });
  addRoute(app, c.getPopularCategoryList, async () => {
    return { message: 'Popular categories loaded.', result: await popularCategories(db) };
  });
  addRoute(app, c.categoryListWithPagination, async ({ query }) => {
    return { message: 'Categories loaded.', result: await categoryPage(db, query) };
  });
  addRoute(app, c.getCategoryDetail, async ({ query }) => {
    return { message: 'Category loaded.', result: await categoryDetail(db, query.categoryId) };
  });
  addRoute(app, c.createCategory, async ({ body }) => {
    const result = await createCategory(unitOfWork, body);
    return { message: `Category "${result.name}" created.`, result };
  });
  addRoute(app, c.updateCategory, async ({ body }) => {
    const { categoryId, ...input } = body;
    const result = await updateCategory(unitOfWork, categoryId, input);
    return { message: `Category "${result.name}" saved.`, result };
  });
  addRoute(app, c.updateStatusCategory, async ({ body }) => {
    const result = await setCategoryFlags(deps, body.categoryId, { status: body.status });
    return {
      message: `Category "${result.name}" ${result.status === 'ACTIVE' ? 'activated' : 'deactivated'}.`,
      result,
    };
  });
  addRoute(app, c.markAsPopularCategory, async ({ body }) => {
    const result = await setCategoryFlags(deps, body.categoryId, { isPopular: body.isPopular });
    return {
      message: `Category "${result.name}" ${result.isPopular ? 'marked as popular' : 'is no longer popular'}.`,
      result,
    };
  });
  addRoute(app, c.categoryRequest, async ({ actor, body }) => {
    const result = await submitCatalogRequest(deps, actor, 'CATEGORY', body);
    return { message: 'Your category request was sent to the administrators.', result };
  });
  addRoute(app, c.getCategoryRequestList, async ({ query }) => {
    const kinds: c.RequestKind[] = query.kind ? [query.kind] : ['CATEGORY', 'SUBCATEGORY'];
    return { message: 'Requests loaded.', result: await requestPage(db, kinds, query) };
  });
  addRoute(app, c.reviewCategoryRequest, async ({ actor, body }) => {
    const result = await reviewCatalogRequest(deps, actor, ['CATEGORY', 'SUBCATEGORY'], body);
    return { message: reviewMessage(result), result };
  });

  addRoute(app, c.getMyCatalogRequestList, async ({ actor, query }) => {
    const kinds: c.RequestKind[] = query.kind ? [query.kind] : ['CATEGORY', 'SUBCATEGORY', 'TAG'];
    return { message: 'Your requests loaded.', result: await requestPage(db, kinds, query, actor.user.id) };
  });

  // ---- subcategories ----
  addRoute(app, c.getSubcategoryList, async ({ query }) => {
    return { message: 'Subcategories loaded.', result: await activeSubcategories(db, query) };
  });
  addRoute(app, c.getPopularSubcategoryList, async () => {
    return { message: 'Popular subcategories loaded.', result: await popularSubcategories(db) };
  });
  addRoute(app, c.subcategoryListWithPagination, async ({ query }) => {
    return { message: 'Subcategories loaded.', result: await subcategoryPage(db, query) };
  });
  addRoute(app, c.getSubcategoryDetail, async ({ query }) => {
    return {
      message: 'Subcategory loaded.',
      result: await subcategoryDetail(db, query.subcategoryId),
    };
  });
  addRoute(app, c.associateCategoryList, async ({ query }) => {
    return {
      message: 'Categories loaded.',
      result: await associateCategoryList(db, query.subcategoryId),
    };
  });
  addRoute(app, c.createSubcategory, async ({ body }) => {
    const result = await createSubcategory(unitOfWork, body);
    return { message: `Subcategory "${result.name}" created.`, result };
  });
  addRoute(app, c.updateSubcategory, async ({ body }) => {
    const { subcategoryId, ...input } = body;
    const result = await updateSubcategory(unitOfWork, subcategoryId, input);
    return { message: `Subcategory "${result.name}" saved.`, result };
  });
  addRoute(app, c.updateStatusSubcategory, async ({ body }) => {
    const result = await setSubcategoryFlags(deps, body.subcategoryId, { status: body.status });
    return {
      message: `Subcategory "${result.name}" ${result.status === 'ACTIVE' ? 'activated' : 'deactivated'}.`,
      result,
    };
  });
  addRoute(app, c.markAsPopularSubcategory, async ({ body }) => {
    const result = await setSubcategoryFlags(deps, body.subcategoryId, { isPopular: body.isPopular });
    return {
      message: `Subcategory "${result.name}" ${result.isPopular ? 'marked as popular' : 'is no longer popular'}.`,
      result,
    };
  });
  addRoute(app, c.deleteSubcategory, async ({ body }) => {
    const name = await deleteSubcategory(unitOfWork, body.subcategoryId);
    return { message: `Subcategory "${name}" deleted.`, result: null };
  });
  addRoute(app, c.subcategoryRequest, async ({ actor, body }) => {
    const result = await submitCatalogRequest(deps, actor, 'SUBCATEGORY', body);
    return { message: 'Your subcategory request was sent to the administrators.', result };
  });

  // ---- tags ----
  addRoute(app, c.organizerPanelTagList, async ({ query }) => {
    return { message: 'Tags loaded.', result: await tagPage(db, { ...query, status: 'ACTIVE' }) };
  });
  addRoute(app, c.tagListWithPagination, async ({ query }) => {
    return { message: 'Tags loaded.', result: await tagPage(db, query) };
  });
  addRoute(app, c.createTag, async ({ body }) => {
    const result = await createTag(unitOfWork, body);
    return { message: `Tag "${result.name}" created.`, result };
  });
  addRoute(app, c.updateTag, async ({ body }) => {
    const { tagId, ...input } = body;
    const result = await updateTag(unitOfWork, tagId, input);
    return { message: `Tag "${result.name}" saved.`, result };
  });
  addRoute(app, c.deleteTag, async ({ body }) => {
    const deleted = await deleteTags(unitOfWork, body.tagIds);
    return { message: `${deleted} tag${deleted === 1 ? '' : 's'} deleted.`, result: { deleted } };
  });
  addRoute(app, c.tagRequest, async ({ actor, body }) => {
    const result = await submitCatalogRequest(deps, actor, 'TAG', body);
    return { message: 'Your tag request was sent to the administrators.', result };
  });
  addRoute(app, c.getTagRequestList, async ({ query }) => {
    return { message: 'Requests loaded.', result: await requestPage(db, ['TAG'], query) };
  });
  addRoute(app, c.reviewTagRequest, async ({ actor, body }) => {
    const result = await reviewCatalogRequest(deps, actor, ['TAG'], body);
    return { message: reviewMessage(result), result };
  });
}

function reviewMessage(request: c.CatalogRequest): string {
  const what = request.kind.toLowerCase();
  return request.status === 'APPROVED'
    ? `Request approved: the ${what} "${request.name}" now exists.`
    : `Request for the ${what} "${request.name}" rejected.`;
}
