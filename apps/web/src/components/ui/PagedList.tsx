import { Fragment, type ReactNode } from 'react';
import { Button } from './Button';
import { QueryState, type QueryLike } from './QueryState';

/** What PagedList needs of an infinite query: its pages so far, whether the API has another, and how to fetch it. */
export interface PagesQuery<Item> extends QueryLike {
  data: { pages: { items: Item[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A list the API answers page by page (favourites, money requests): QueryState until the first
 * page is there, then a line that says it is empty or the rows one under the other, and
 * "Show more" while there is another page.
 */
export function PagedList<Item extends { id: string }>({
  query,
  loadingLabel,
  emptyText,
  showMoreLabel,
  renderRow,
}: {
  query: PagesQuery<Item>;
  loadingLabel: string;
  emptyText: string;
  showMoreLabel: string;
  renderRow: (item: Item) => ReactNode;
}) {
  if (!query.data) return <QueryState query={query} loadingLabel={loadingLabel} />;
  const items = query.data.pages.flatMap((page) => page.items);
  return (
    <>
      {items.length === 0 ? (
        <p className="py-6 text-slate-600">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {items.map((item) => (
            <Fragment key={item.id}>{renderRow(item)}</Fragment>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {showMoreLabel}
        </Button>
      )}
    </>
  );
}
