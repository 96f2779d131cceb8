import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { CategoryService } from './category.service.js';
import type { RequestService } from './requests.service.js';
import type { TagService } from './tag.service.js';

/**
 * Categories, subcategories, tags and organizers' requests. Administrators reach every call;
 * approved organizers reach the active lists and the request calls; anyone else gets a 403.
 */
export async function catalogRoutes(
  app: FastifyInstance,
  opts: { categories: CategoryService; tags: TagService; requests: RequestService },
) {
  const { categories, tags, requests } = opts;

  // ---- categories ----
  addRoute(app, c.getCategoryList, async ({ query }) => {
    return { message: 'Categories loaded.', result: await categories.activeCategories(query.search) };
  });
  addRoute(app, c.getPopularCategoryList, async () => {
    return { message: 'Popular categories loaded.', result: await categories.popularCategories() };
  });
  addRoute(app, c.categoryListWithPagination, async ({ query }) => {
    return { message: 'Categories loaded.', result: await categories.categoryPage(query) };
  });
  addRoute(app, c.getCategoryDetail, async ({ query }) => {
    return { message: 'Category loaded.', result: await categories.categoryDetail(query.categoryId) };
  });
  addRoute(app, c.createCategory, async ({ body }) => {
    const result = await categories.createCategory(body);
    return { message: `Category "${result.name}" created.`, result };
  });
  addRoute(app, c.updateCategory, async ({ body }) => {
    const { categoryId, ...input } = body;
    const result = await categories.updateCategory(categoryId, input);
    return { message: `Category "${result.name}" saved.`, result };
  });
  addRoute(app, c.updateStatusCategory, async ({ body }) => {
    const result = await categories.setCategoryStatus(body.categoryId, body.status);
    return {
      message: `Category "${result.name}" ${result.status === 'ACTIVE' ? 'activated' : 'deactivated'}.`,
      result,
    };
  });
  addRoute(app, c.markAsPopularCategory, async ({ body }) => {
    const result = await categories.markCategoryPopular(body.categoryId, body.isPopular);
    return {
      message: `Category "${result.name}" ${result.isPopular ? 'marked as popular' : 'is no longer popular'}.`,
      result,
    };
  });
  addRoute(app, c.categoryRequest, async ({ actor, body }) => {
    const result = await requests.submit(actor, 'CATEGORY', body);
    return { message: 'Your category request was sent to the administrators.', result };
  });
  addRoute(app, c.getCategoryRequestList, async ({ query }) => {
    const kinds: c.RequestKind[] = query.kind ? [query.kind] : ['CATEGORY', 'SUBCATEGORY'];
    return { message: 'Requests loaded.', result: await requests.page(kinds, query) };
  });
  addRoute(app, c.reviewCategoryRequest, async ({ actor, body }) => {
    const result = await requests.review(actor, ['CATEGORY', 'SUBCATEGORY'], body);
    return { message: reviewMessage(result), result };
  });

  addRoute(app, c.getMyCatalogRequestList, async ({ actor, query }) => {
    const kinds: c.RequestKind[] = query.kind ? [query.kind] : ['CATEGORY', 'SUBCATEGORY', 'TAG'];
    return { message: 'Your requests loaded.', result: await requests.mine(actor, kinds, query) };
  });

  // ---- subcategories ----
  addRoute(app, c.getSubcategoryList, async ({ query }) => {
    return { message: 'Subcategories loaded.', result: await categories.activeSubcategories(query) };
  });
  addRoute(app, c.getPopularSubcategoryList, async () => {
    return { message: 'Popular subcategories loaded.', result: await categories.popularSubcategories() };
  });
  addRoute(app, c.subcategoryListWithPagination, async ({ query }) => {
    return { message: 'Subcategories loaded.', result: await categories.subcategoryPage(query) };
  });
  addRoute(app, c.getSubcategoryDetail, async ({ query }) => {
    return {
      message: 'Subcategory loaded.',
      result: await categories.subcategoryDetail(query.subcategoryId),
    };
  });
  addRoute(app, c.associateCategoryList, async ({ query }) => {
    return {
      message: 'Categories loaded.',
      result: await categories.associateCategoryList(query.subcategoryId),
    };
  });
  addRoute(app, c.createSubcategory, async ({ body }) => {
    const result = await categories.createSubcategory(body);
    return { message: `Subcategory "${result.name}" created.`, result };
  });
  addRoute(app, c.updateSubcategory, async ({ body }) => {
    const { subcategoryId, ...input } = body;
    const result = await categories.updateSubcategory(subcategoryId, input);
    return { message: `Subcategory "${result.name}" saved.`, result };
  });
  addRoute(app, c.updateStatusSubcategory, async ({ body }) => {
    const result = await categories.setSubcategoryStatus(body.subcategoryId, body.status);
    return {
      message: `Subcategory "${result.name}" ${result.status === 'ACTIVE' ? 'activated' : 'deactivated'}.`,
      result,
    };
  });
  addRoute(app, c.markAsPopularSubcategory, async ({ body }) => {
    const result = await categories.markSubcategoryPopular(body.subcategoryId, body.isPopular);
    return {
      message: `Subcategory "${result.name}" ${result.isPopular ? 'marked as popular' : 'is no longer popular'}.`,
      result,
    };
  });
  addRoute(app, c.deleteSubcategory, async ({ body }) => {
    const name = await categories.deleteSubcategory(body.subcategoryId);
    return { message: `Subcategory "${name}" deleted.`, result: null };
  });
  addRoute(app, c.subcategoryRequest, async ({ actor, body }) => {
    const result = await requests.submit(actor, 'SUBCATEGORY', body);
    return { message: 'Your subcategory request was sent to the administrators.', result };
  });

  // ---- tags ----
  addRoute(app, c.organizerPanelTagList, async ({ query }) => {
    return { message: 'Tags loaded.', result: await tags.activePage(query) };
  });
  addRoute(app, c.tagListWithPagination, async ({ query }) => {
    return { message: 'Tags loaded.', result: await tags.page(query) };
  });
  addRoute(app, c.createTag, async ({ body }) => {
    const result = await tags.create(body);
    return { message: `Tag "${result.name}" created.`, result };
  });
  addRoute(app, c.updateTag, async ({ body }) => {
    const { tagId, ...input } = body;
    const result = await tags.update(tagId, input);
    return { message: `Tag "${result.name}" saved.`, result };
  });
  addRoute(app, c.deleteTag, async ({ body }) => {
    const deleted = await tags.remove(body.tagIds);
    return { message: `${deleted} tag${deleted === 1 ? '' : 's'} deleted.`, result: { deleted } };
  });
  addRoute(app, c.tagRequest, async ({ actor, body }) => {
    const result = await requests.submit(actor, 'TAG', body);
    return { message: 'Your tag request was sent to the administrators.', result };
  });
  addRoute(app, c.getTagRequestList, async ({ query }) => {
    return { message: 'Requests loaded.', result: await requests.page(['TAG'], query) };
  });
  addRoute(app, c.reviewTagRequest, async ({ actor, body }) => {
    const result = await requests.review(actor, ['TAG'], body);
    return { message: reviewMessage(result), result };
  });
}

function reviewMessage(request: c.CatalogRequest): string {
  const what = request.kind.toLowerCase();
  return request.status === 'APPROVED'
    ? `Request approved: the ${what} "${request.name}" now exists.`
    : `Request for the ${what} "${request.name}" rejected.`;
}
