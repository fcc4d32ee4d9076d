import { describe, expect, it } from 'vitest';
import { keysFromLeaves, leavesFromKeys } from '../src/components/CheckboxTree';
import { flattenByParent, treeChoices, type TreeNode } from '../src/components/tree';

const tree: TreeNode[] = [
  {
    id: '1',
    label: 'A',
    children: [
      {
        id: '2',
        label: 'A1',
        children: [
          { id: '3', label: 'A1a' },
          { id: '4', label: 'A1b' },
        ],
      },
      { id: '5', label: 'A2' },
    ],
  },
  { id: '6', label: 'B', children: [{ id: '7', label: 'B1' }] },
];

describe('checkbox tree keys', () => {
  it('keeps listed leaves and sends every checked or half-checked node', () => {
    const leaves = leavesFromKeys(tree, ['1', '2', '3']);
    expect([...leaves]).toEqual(['3']);
    expect(keysFromLeaves(tree, leaves)).toEqual(['1', '2', '3']);
  });

  it('reads a listed parent without listed descendants as fully checked', () => {
    const leaves = leavesFromKeys(tree, ['6']);
    expect([...leaves]).toEqual(['7']);
    expect(keysFromLeaves(tree, leaves)).toEqual(['6', '7']);
  });
});

describe('tree helpers', () => {
  it('indents tree choices by depth', () => {
    expect(treeChoices(tree).map((c) => c.name)).toEqual(['A', '\u3000A1', '\u3000\u3000A1a', '\u3000\u3000A1b', '\u3000A2', 'B', '\u3000B1']);
  });

  it('orders a flat parentId list as a tree; rows whose parent is missing become roots', () => {
    const rows = [
      { deptId: '2', parentId: '1' },
      { deptId: '1', parentId: '0' },
      { deptId: '3', parentId: '2' },
      { deptId: '9', parentId: '8' },
    ];
    expect(flattenByParent(rows, 'deptId').map((r) => [r.deptId, r.depth])).toEqual([
      ['1', 0],
      ['2', 1],
      ['3', 2],
      ['9', 0],
    ]);
  });
});
