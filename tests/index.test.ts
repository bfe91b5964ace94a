import { describe, expect, it } from 'vitest';
import * as mazebook from '../src/index.js';

describe('library entry point', () => {
  it('exposes the pipeline functions the CLI uses', () => {
    for (const name of [
      'buildBook',
      'layoutBook',
      'rateMaze',
      'planSpec',
      'buildGrid',
      'maskedGrid',
      'builtinShape',
      'formulaShape',
      'imageShape',
      'textShape',
      'generateMaze',
      'solve',
      'renderPdf',
      'renderSvgPage',
      'deriveSeed',
    ]) {
      expect(typeof (mazebook as Record<string, unknown>)[name]).toBe('function');
    }
    const maze = mazebook.generateMaze(
      {
        shape: 'square',
        size: { columns: 5, rows: 5 },
        algorithm: 'wilson',
        options: { straightness: 0 },
        entry: { kind: 'auto' },
        exit: { kind: 'auto' },
      },
      mazebook.deriveSeed(1, 'api'),
      'api',
    );
    expect(mazebook.solve(maze).cells.length).toBeGreaterThan(1);
  });
});
