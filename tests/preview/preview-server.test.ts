import { chmodSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { rewriteSpec } from '../../src/book/outputs.js';
import { type PreviewServer, startPreview } from '../../src/preview/preview-server.js';
import { refuseRequest } from '../../src/preview/request-guard.js';
import { tempDir } from '../helpers.js';
import { SMALL_BOOK, specFile } from './fixtures.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw request to the server, with exactly these headers (Host included). */
function ask(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('refuseRequest', () => {
  const port = 4321;
  const ok = { host: '127.0.0.1:4321' };
  const cases: [string, string, Record<string, string>, number | undefined][] = [
    ['the page', 'GET', ok, undefined],
    ['localhost', 'GET', { host: 'LOCALHOST:4321' }, undefined],
    ['no Host', 'GET', {}, 403],
    ['another port', 'GET', { host: '127.0.0.1:80' }, 403],
    ['a rebound name', 'GET', { host: 'attacker.example:4321' }, 403],
    ['a look-alike name', 'GET', { host: '127.0.0.1.attacker.example:4321' }, 403],
    ['its own origin', 'GET', { ...ok, origin: 'http://127.0.0.1:4321' }, undefined],
    ['a foreign origin', 'GET', { ...ok, origin: 'http://attacker.example' }, 403],
    ['an opaque origin', 'GET', { ...ok, origin: 'null' }, 403],
    [
      'a cross-site fetch',
      'GET',
      { ...ok, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      403,
    ],
    [
      'a link followed from elsewhere',
      'GET',
      { ...ok, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      undefined,
    ],
    [
      'a same-origin POST',
      'POST',
      { ...ok, origin: 'http://127.0.0.1:4321', 'content-type': 'application/json' },
      undefined,
    ],
    ['a POST without origin', 'POST', { ...ok, 'content-type': 'application/json' }, 403],
    ['a form POST', 'POST', { ...ok, origin: 'http://127.0.0.1:4321', 'content-type': 'text/plain' }, 415],
    [
      'a cross-site navigation POST',
      'POST',
      {
        ...ok,
        origin: 'http://127.0.0.1:4321',
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
      },
      403,
    ],
    ['PUT', 'PUT', { ...ok, origin: 'http://127.0.0.1:4321' }, 405],
  ];
  for (const [what, method, headers, status] of cases) {
    it(`${status ? `refuses ${status}` : 'allows'}: ${what}`, () => {
      expect(refuseRequest(method, headers, port)?.status).toBe(status);
    });
  }
});

describe('the preview server', () => {
  let preview: PreviewServer;
  let spec: string;
  let port: number;
  let own: Record<string, string>;
  beforeAll(async () => {
    spec = specFile();
    writeFileSync(join(dirname(spec), 'secret.txt'), 'a secret beside the spec');
    preview = await startPreview(spec);
    port = preview.port;
    own = { host: `127.0.0.1:${port}` };
  });
  afterAll(() => preview.close());

  it('listens on 127.0.0.1 only and serves the page with a strict content policy', async () => {
    expect(preview.url).toBe(`http://127.0.0.1:${port}/`);
    const page = await ask(port, '/', own);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/app.js"');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const svg = await ask(port, '/page/1.svg', own);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg [^>]*viewBox/);
  });

  it('refuses foreign hosts and origins on every route', async () => {
    for (const path of ['/', '/app.js', '/events', '/page/1.svg']) {
      expect((await ask(port, path, { host: `attacker.example:${port}` })).status, path).toBe(403);
      expect((await ask(port, path, { ...own, origin: 'http://attacker.example' })).status, path).toBe(403);
    }
  });

  it('serves no file: paths to the spec, beside it or above it are not found', async () => {
    const paths = [
      '/book.yaml',
      '/secret.txt',
      '/../book.yaml',
      '/%2e%2e/book.yaml',
      '/page/..%2f..%2fbook.yaml',
      '/page/../secret.txt',
      '//etc/passwd',
      '/page/-1.svg',
      '/page/5.svg',
      '/page/1.svg.yaml',
      `/${encodeURIComponent(spec)}`,
    ];
    for (const path of paths) {
      const answer = await ask(port, path, own);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toMatch(/secret|Preview test/);
    }
  });

  it('takes re-roll and undo only from its own page, and they touch only the spec', async () => {
    const key = preview.session.current.puzzles[1].key;
    const body = JSON.stringify({ key });
    const json = { ...own, 'content-type': 'application/json' };
    const foreign = await ask(
      port,
      '/api/reroll',
      { ...json, origin: 'http://attacker.example' },
      'POST',
      body,
    );
    expect(foreign.status).toBe(403);
    expect((await ask(port, '/api/reroll', json, 'POST', body)).status).toBe(403);
    expect(readFileSync(spec, 'utf8')).toBe(SMALL_BOOK);

    const origin = `http://127.0.0.1:${port}`;
    const rolled = await ask(port, '/api/reroll', { ...json, origin }, 'POST', body);
    expect(JSON.parse(rolled.body)).toEqual({ ok: true, seed: 8 });
    const edited = readFileSync(spec, 'utf8');
    expect(edited).toBe(
      SMALL_BOOK.replace(
        '  - maze: { cells: [6, 7] }   # no id: keyed by its options\n',
        '  - maze: { cells: [6, 7] }   # no id: keyed by its options\n    seed: 8\n',
      ),
    );
    expect(readFileSync(join(dirname(spec), 'secret.txt'), 'utf8')).toBe('a secret beside the spec');
    const unknown = await ask(
      port,
      '/api/reroll',
      { ...json, origin },
      'POST',
      JSON.stringify({ key: 'nope' }),
    );
    expect(unknown.status).toBe(409);
    expect(JSON.parse(unknown.body).what).toMatch(/no puzzle nope/);
    const undone = await ask(port, '/api/undo', { ...json, origin }, 'POST', '{}');
    expect(JSON.parse(undone.body)).toEqual({ ok: true });
    expect(readFileSync(spec, 'utf8')).toBe(SMALL_BOOK);
  });
});

describe('rewriteSpec', () => {
  it('replaces the text of a linked spec’s target, keeping the link and the permissions', () => {
    const dir = tempDir({ 'real.yaml': 'title: a\n' });
    const real = join(dir, 'real.yaml');
    chmodSync(real, 0o640);
    const link = join(dir, 'link.yaml');
    symlinkSync(real, link);
    rewriteSpec(link, 'title: b\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('title: b\n');
    expect(statSync(real).mode & 0o777).toBe(0o640);
  });

  it('refuses what is not an existing regular file', () => {
    const dir = tempDir();
    expect(() => rewriteSpec(join(dir, 'missing.yaml'), 'x')).toThrow(UserError);
    expect(() => rewriteSpec(dir, 'x')).toThrow(/a folder/);
  });
});
