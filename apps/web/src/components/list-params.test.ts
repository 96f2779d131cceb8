import { describe, expect, it } from 'vitest';
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
