import { UserError } from '../base/errors.js';

/**
 * Measured solve times, one per line, as a teacher types them or a spreadsheet exports them (see
 * docs/difficulty.md, "How a teacher collects times"):
 *
 *     # class 3b, March
 *     page,seconds,age
 *     a7f3c2,95,6-8
 *     #12,1:42,6-8
 *     mazes/spiral.json,210.5,adult
 *
 * - the maze: a page key (as `mazebook rate` lists them), `#n` for puzzle n of the book, or the name of a maze
 *   JSON file (ending in `.json`);
 * - the time: seconds (`95`, `95.5`), or minutes and seconds (`1:35`), or hours too (`1:02:05`);
 * - optionally the solver's age group: any label (`6-8`, `adult`); times of one group are compared with each
 *   other, so groups that solve at different speeds do not blur the fit.
 *
 * Fields are separated by commas, semicolons or tabs (the first of these a line contains, in that order
 * tab, semicolon, comma); with semicolons or tabs a decimal comma is read as a point. Fields may be quoted
 * ("…", with "" for a quote). Blank lines and lines starting with `#` followed by a space or nothing are
 * skipped. A first line whose time field is not a time is a header; it may name the columns (page/key/maze/
 * file, seconds/time, age/group) in any order.
 *
 * Messages name the line and field and say what was expected; they never quote the file (given by mistake, it
 * may be any file: a password file, a key).
 */
export interface SolveTime {
  /** 1-based line of the file, for messages. */
  line: number;
  /** `file:line`, for messages about this row. */
  where: string;
  maze: MazeRef;
  seconds: number;
  /** The age group, when given. */
  group?: string;
}

export type MazeRef =
  | { kind: 'page'; key: string }
  | { kind: 'number'; number: number }
  | { kind: 'file'; path: string };

/** Longest time accepted: a day. */
const MAX_SECONDS = 24 * 3600;

const COLUMN_NAMES: Record<string, 'maze' | 'time' | 'group'> = {
  page: 'maze',
  key: 'maze',
  maze: 'maze',
  file: 'maze',
  seconds: 'time',
  time: 'time',
  secs: 'time',
  age: 'group',
  group: 'group',
  'age group': 'group',
};

/**
 * Parses solve times.
 * @param file the file as shown in messages
 * @throws UserError at `file:line` for a line that cannot be read, and for a file with no times
 */
export function parseSolveTimes(text: string, file: string): SolveTime[] {
  const rows: SolveTime[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let columns: { maze: number; time: number; group: number } = { maze: 0, time: 1, group: 2 };
  let first = true;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '' || /^#(\s|$)/.test(raw)) continue;
    const where = `${file}:${i + 1}`;
    const fields = splitFields(raw, where);
    if (first) {
      first = false;
      if (fields.length < 2 || parseTime(fields[1].trim(), decimalComma(raw)) === undefined) {
        if (isHeader(fields)) {
          columns = headerColumns(fields, where);
          continue;
        }
      }
    }
    const width = Math.max(columns.maze, columns.time, columns.group) + 1;
    if (fields.length > width && fields.slice(width).some((f) => f.trim() !== '')) {
      throw new UserError(
        where,
        `expected at most ${width} fields (maze, seconds, age group), got ${fields.length}`,
        'a field with a comma in it needs double quotes, or use semicolons between fields',
      );
    }
    const mazeField = (fields[columns.maze] ?? '').trim();
    const timeField = (fields[columns.time] ?? '').trim();
    const group = (fields[columns.group] ?? '').trim();
    if (mazeField === '')
      throw new UserError(where, 'the maze is missing', 'give a page key, #n or a .json file');
    if (timeField === '')
      throw new UserError(
        where,
        'the time is missing: a line holds the maze, its time, and optionally an age group',
        'give seconds (95) or minutes (1:35) after the maze, e.g. a7f3c2,95',
      );
    const seconds = parseTime(timeField, decimalComma(raw));
    if (seconds === undefined) {
      throw new UserError(
        where,
        `field ${columns.time + 1} is not a time: expected seconds such as 95 or 95.5, or minutes such as 1:35`,
        'seconds, or minutes:seconds',
      );
    }
    if (!(seconds > 0 && seconds <= MAX_SECONDS)) {
      throw new UserError(where, `a solve time must be above 0 and at most 24 hours, got ${seconds} s`);
    }
    rows.push({ line: i + 1, where, maze: mazeRef(mazeField, where), seconds, ...(group ? { group } : {}) });
  }
  if (rows.length === 0) {
    throw new UserError(file, 'no solve times found', 'one line per solve: maze, seconds[, age group]');
  }
  return rows;
}

function decimalComma(line: string): boolean {
  return line.includes('\t') || line.includes(';');
}

/** Splits a line at its separator (tab, else semicolon, else comma), honouring double quotes. */
function splitFields(line: string, where: string): string[] {
  const sep = line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === sep) {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  if (quoted) throw new UserError(where, 'a quoted field is not closed', 'end it with a double quote (")');
  fields.push(field);
  return fields;
}

/** Seconds from `95`, `95.5`, `1:35` or `1:02:05`; undefined when it is none of these. */
function parseTime(text: string, comma: boolean): number | undefined {
  const t = comma ? text.replace(',', '.') : text;
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
  const m = /^(?:(\d+):)?(\d+):([0-5]\d(?:\.\d+)?)$/.exec(t);
  if (!m) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

function isHeader(fields: string[]): boolean {
  return fields.every((f) => !/\d/.test(f) || f.trim() === '') || fields.some((f) => norm(f) in COLUMN_NAMES);
}

const norm = (f: string): string => f.trim().toLowerCase().replace(/\s+/g, ' ');

function headerColumns(fields: string[], where: string): { maze: number; time: number; group: number } {
  const found: Partial<Record<'maze' | 'time' | 'group', number>> = {};
  fields.forEach((f, i) => {
    const role = COLUMN_NAMES[norm(f)];
    if (role === undefined) {
      throw new UserError(
        where,
        `column ${i + 1} of the header is not one mazebook reads`,
        'name the columns page (or key, maze, file), seconds (or time) and age (or group)',
      );
    }
    if (found[role] !== undefined) throw new UserError(where, `two ${role} columns in the header`);
    found[role] = i;
  });
  if (found.maze === undefined || found.time === undefined) {
    throw new UserError(where, 'the header needs a page column and a seconds column', 'page,seconds,age');
  }
  return { maze: found.maze, time: found.time, group: found.group ?? fields.length };
}

function mazeRef(field: string, where: string): MazeRef {
  if (/\.json$/i.test(field)) return { kind: 'file', path: field };
  const n = /^#(\d+)$/.exec(field);
  if (n) {
    const number = Number(n[1]);
    if (number < 1) throw new UserError(where, `puzzle numbers start at 1, got ${field}`);
    return { kind: 'number', number };
  }
  if (field.startsWith('#')) {
    throw new UserError(where, 'expected a puzzle number such as #12 (# and digits only)');
  }
  return { kind: 'page', key: field };
}
