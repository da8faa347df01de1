import { CategoryTrees } from './category-trees';

describe('CategoryTrees.of', () => {
  // 1 > 2 > 3, 1 > 4; 5 alone.
  const trees = new CategoryTrees(
    new Map([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 1],
      [5, 0],
    ]),
  );

  it('gives a category and every ancestor of it', () => {
    expect([...trees.of([3])].sort()).toEqual([1, 2, 3]);
  });

  it('gives each tree once for categories of one tree', () => {
    expect([...trees.of([3, 4, 1, 3])].sort()).toEqual([1, 2, 3, 4]);
  });

  it('gives nothing for tags and unknown ids', () => {
    expect([...trees.of([99, 100])]).toEqual([]);
    expect([...trees.of([99, 5])]).toEqual([5]);
  });

  it('ends on a cycle written with SQL', () => {
    const cycle = new CategoryTrees(
      new Map([
        [7, 8],
        [8, 7],
      ]),
    );
    expect([...cycle.of([7])].sort()).toEqual([7, 8]);
  });
});
