import { describe, expect, it, vi } from 'vitest';
import { type ListParams, tableBinding } from './list-params';

function listWith(search: string, filters: Record<string, string | undefined>): ListParams {
  const isFiltered = search !== '' || Object.values(filters).some((v) => v !== undefined);
  return {
    page: 1,
    limit: 10,
    search,
    sort: undefined,
    filters,
    isFiltered,
    query: { page: 1, limit: 10 },
    set: () => {},
  };
}

const emptyPage = { data: { items: [], total: 0 }, isFetching: false };

describe('tableBinding', () => {
  it('says "nothing yet" only when no search or filter narrows the list', () => {
    expect(tableBinding(listWith('', { status: undefined }), emptyPage, 'No tags yet.').emptyMessage).toBe(
      'No tags yet.',
    );
  });

  it('names the search when a search finds nothing', () => {
    expect(tableBinding(listWith('jazz', {}), emptyPage, 'No tags yet.').emptyMessage).toBe(
      'Nothing matches "jazz". Clear the search or filters to see everything.',
    );
  });

  it('points at the filters when only a filter narrows the list', () => {
    expect(tableBinding(listWith('', { status: 'INACTIVE' }), emptyPage, 'No tags yet.').emptyMessage).toBe(
      'Nothing matches these filters. Clear the search or filters to see everything.',
    );
  });
});

describe('tableBinding and keyset paging', () => {
  const page = (nextCursor?: string) => ({
    data: { items: [{ id: 1 }], total: 5_000, totalCapped: true, ...(nextCursor ? { nextCursor } : {}) },
    isFetching: false,
  });
  const at = (pageNumber: number) => {
    const set = vi.fn();
    return { list: { ...listWith('', {}), page: pageNumber, set }, set };
  };

  it('goes to the next page with the cursor the page answered', () => {
    const { list, set } = at(3);
    tableBinding(list, page('abc')).onPageChange(4);
    expect(set).toHaveBeenCalledWith({ page: 4, cursor: 'abc' });
  });

  it('goes to any other page by its number alone, and so does a list without cursors', () => {
    const { list, set } = at(3);
    tableBinding(list, page('abc')).onPageChange(7);
    tableBinding(list, page('abc')).onPageChange(2);
    tableBinding(list, page()).onPageChange(4);
    expect(set.mock.calls).toEqual([
      [{ page: 7, cursor: undefined }],
      [{ page: 2, cursor: undefined }],
      [{ page: 4, cursor: undefined }],
    ]);
  });
});
