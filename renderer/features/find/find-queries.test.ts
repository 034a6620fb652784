import { describe, expect, it } from 'vitest';
import { useFindQueries } from './find-queries';

describe("Find's query per document", () => {
  it('keeps each document its own query, and forgets an emptied one', () => {
    const queries = useFindQueries.getState();
    queries.set('a', 'whale');
    queries.set('b', 'harbour');
    expect(useFindQueries.getState().queries.get('a')).toBe('whale');
    expect(useFindQueries.getState().queries.get('b')).toBe('harbour');
    useFindQueries.getState().set('a', '');
    expect(useFindQueries.getState().queries.has('a')).toBe(false);
    expect(useFindQueries.getState().queries.get('b')).toBe('harbour');
  });
});
