import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's modules depend on one another in one direction only (issue 29, decision 0216).
 * The graph is read from the source: module A depends on module B when a file of A (tests left
 * out: they may drive several modules) imports anything under `modules/B/`, type-only imports
 * included. Shared pieces live in `lib/` and `plugins/`, which are no module.
 */

const MODULES_DIR = path.join(import.meta.dirname, 'modules');
const IMPORT_PATTERN = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*'(\.[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Each module and the other modules its source imports from. */
function moduleGraph(modulesDir = MODULES_DIR): Map<string, Set<string>> {
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const graph = new Map(modules.map((name) => [name, new Set<string>()]));
  for (const name of modules) {
    for (const file of sourceFiles(path.join(modulesDir, name))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT_PATTERN)) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(file), match[1] ?? ''));
        const other = target.split(path.sep)[0] ?? '';
        if (other !== name && graph.has(other)) graph.get(name)?.add(other);
      }
    }
  }
  return graph;
}

/** The strongly connected components of more than one module (Tarjan): each is an import cycle. */
function importCycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const other of graph.get(node) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(other) ?? 0));
      } else if (stack.includes(other)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(other) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) component.push(member);
    } while (member !== undefined && member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('the server modules’ import graph', () => {
  it('finds a cycle where there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('reads the real modules, and sees the edges that are there', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThanOrEqual(20);
    // Loans pay out through the ledger: an edge the graph must not miss.
    expect(graph.get('loans')).toContain('ledger');
  });

  it('has no cycle: every module depends on others in one direction only', () => {
    expect(importCycles(moduleGraph())).toEqual([]);
  });
});
