import { describe, expect, it } from 'vitest';
import { branches, filterBranches } from './branches';

const names = (query: string) => filterBranches(branches, query).map((b) => b.name);

describe('filterBranches', () => {
  it('lists every branch for an empty query', () => {
    expect(filterBranches(branches, '  ')).toHaveLength(branches.length);
  });

  it('finds branches by city, ignoring case and spaces', () => {
    expect(names(' portland ')).toEqual(['Portland Pearl District', 'Portland Hawthorne']);
    expect(names('Austin, TX')).toEqual(['Austin South Congress']);
  });

  it('finds branches by ZIP code or its first digits', () => {
    expect(names('97214')).toEqual(['Portland Hawthorne']);
    expect(names('972')).toEqual(['Portland Pearl District', 'Portland Hawthorne']);
    expect(names('99999')).toEqual([]);
  });

  it('finds nothing for a place we are not in', () => {
    expect(names('Anchorage')).toEqual([]);
  });
});
