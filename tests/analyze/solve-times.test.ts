import { describe, expect, it } from 'vitest';
import { parseSolveTimes } from '../../src/analyze/solve-times.js';
import { UserError } from '../../src/base/errors.js';

function errorOf(text: string): UserError {
  try {
    parseSolveTimes(text, 'times.csv');
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

describe('solve times', () => {
  it('reads page keys, puzzle numbers and maze files, with or without a header, skipping blanks and comments', () => {
    const text = [
      '# class 3b, March',
      'page,seconds,age',
      '',
      'a7f3c2,95,6-8',
      '#12,1:42,6-8',
      '  mazes/Spiral.JSON , 210.5 , adult ',
      'p-2,1:02:05',
      '#',
    ].join('\r\n');
    expect(parseSolveTimes(text, 'times.csv')).toEqual([
      { line: 4, where: 'times.csv:4', maze: { kind: 'page', key: 'a7f3c2' }, seconds: 95, group: '6-8' },
      { line: 5, where: 'times.csv:5', maze: { kind: 'number', number: 12 }, seconds: 102, group: '6-8' },
      {
        line: 6,
        where: 'times.csv:6',
        maze: { kind: 'file', path: 'mazes/Spiral.JSON' },
        seconds: 210.5,
        group: 'adult',
      },
      { line: 7, where: 'times.csv:7', maze: { kind: 'page', key: 'p-2' }, seconds: 3725 },
    ]);
    const bare = parseSolveTimes('\uFEFFa7f3c2,95\nb1,30\n', 'times.csv');
    expect(bare.map((r) => [r.line, r.seconds])).toEqual([
      [1, 95],
      [2, 30],
    ]);
  });

  it('reads spreadsheet exports: semicolons or tabs with decimal commas, quoted fields, columns in any order', () => {
    const semi = parseSolveTimes('Seconds;Page;Age group\n95,5;"a,b";"6 ""to"" 8"\n', 'x.csv');
    expect(semi).toEqual([
      { line: 2, where: 'x.csv:2', maze: { kind: 'page', key: 'a,b' }, seconds: 95.5, group: '6 "to" 8' },
    ]);
    const tabs = parseSolveTimes('key\ttime\nk1\t12,25\n', 'x.tsv');
    expect(tabs[0]).toMatchObject({ maze: { kind: 'page', key: 'k1' }, seconds: 12.25 });
  });

  it('names the line and what was expected', () => {
    expect(errorOf('a,95\nb,fast\n')).toMatchObject({
      where: 'times.csv:2',
      what: 'field 2 is not a time: expected seconds such as 95 or 95.5, or minutes such as 1:35',
    });
    expect(errorOf('a,95\nb\n')).toMatchObject({
      where: 'times.csv:2',
      what: 'the time is missing: a line holds the maze, its time, and optionally an age group',
    });
    expect(errorOf('a,95\n,30\n').what).toBe('the maze is missing');
    expect(errorOf('a,0\n').what).toMatch(/above 0/);
    expect(errorOf('a,1:75\n').what).toBe(
      'field 2 is not a time: expected seconds such as 95 or 95.5, or minutes such as 1:35',
    );
    expect(errorOf('a,95,kids,extra\n')).toMatchObject({
      where: 'times.csv:1',
      what: 'expected at most 3 fields (maze, seconds, age group), got 4',
    });
    expect(errorOf('a,"95\n').what).toBe('a quoted field is not closed');
    expect(errorOf('#0,95\n').what).toBe('puzzle numbers start at 1, got #0');
    expect(errorOf('#x,95\n').what).toBe('expected a puzzle number such as #12 (# and digits only)');
    expect(errorOf('page,minutes\na,3\n')).toMatchObject({
      where: 'times.csv:1',
      what: 'column 2 of the header is not one mazebook reads',
    });
    expect(errorOf('page,age\n').what).toBe('the header needs a page column and a seconds column');
    expect(errorOf('# nothing yet\n\n')).toMatchObject({ where: 'times.csv', what: 'no solve times found' });
  });
});
