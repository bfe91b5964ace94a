import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The container image and the Kubernetes example of docs/batch.md. No container engine runs where the tests
 * do, so the image is not built here: these tests read the Dockerfile and the manifest and check what a
 * build and a cluster would rely on.
 */

interface Instruction {
  op: string;
  args: string;
  line: number;
}

/** The Dockerfile's instructions (continuation lines joined, comments left out), by stage. */
function stages(text: string): Instruction[][] {
  const out: Instruction[][] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const start = i + 1;
    if (/^\s*(#|$)/.test(line)) continue;
    while (line.endsWith('\\')) line = `${line.slice(0, -1)} ${lines[++i] ?? ''}`;
    const m = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`Dockerfile:${start}: not an instruction`);
    const ins = { op: m[1].toUpperCase(), args: m[2].trim(), line: start };
    if (ins.op === 'FROM') out.push([]);
    out.at(-1)?.push(ins);
  }
  return out;
}

const dockerfile = stages(readFileSync('Dockerfile', 'utf8'));
const ignored = readFileSync('.dockerignore', 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

describe('the Dockerfile', () => {
  it('builds on Node 20 slim in two stages: the build, then production dependencies only', () => {
    expect(dockerfile.length).toBe(2);
    for (const stage of dockerfile) expect(stage[0].args).toMatch(/^node:20(\.[\d.]+)?-(\w+-)?slim\b/);
    const [build, run] = dockerfile;
    expect(build.some((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args))).toBe(true);
    expect(build.some((i) => i.op === 'RUN' && /\bnpm run build\b/.test(i.args))).toBe(true);
    expect(run.some((i) => i.op === 'RUN' && /\bnpm ci\b.*--omit=dev/.test(i.args))).toBe(true);
    expect(run.some((i) => i.op === 'COPY' && /--from=build\s+\/app\/dist\/bundle\b/.test(i.args))).toBe(
      true,
    );
  });

  it('runs the command as an unprivileged user', () => {
    const run = dockerfile[1];
    const user = run.filter((i) => i.op === 'USER').at(-1);
    expect(user, 'a USER instruction').toBeDefined();
    const who = user?.args.split(':')[0] ?? '';
    expect(['root', '0', '']).not.toContain(who);
    // Nothing runs as root after it.
    const after = run.slice(run.indexOf(user as Instruction) + 1);
    expect(after.filter((i) => i.op === 'RUN')).toEqual([]);
    const entry = run.find((i) => i.op === 'ENTRYPOINT');
    expect(JSON.parse(entry?.args ?? 'null')).toEqual(['node', '/app/bin/mazebook.js']);
    expect(run.indexOf(user as Instruction)).toBeLessThan(run.indexOf(entry as Instruction));
  });

  it('copies what the package ships, from files that exist and are in the build context', () => {
    const copies = dockerfile.flatMap((stage) =>
      stage
        .filter((i) => i.op === 'COPY' && !i.args.startsWith('--from'))
        .flatMap((i) => i.args.split(/\s+/).slice(0, -1)),
    );
    for (const source of copies) {
      expect(existsSync(source), source).toBe(true);
      expect(
        ignored.some((p) => source === p || source.startsWith(`${p}/`)),
        `${source} is left out by .dockerignore`,
      ).toBe(false);
    }
    // Every folder npm's package holds is in the image (the declarations apart).
    const shipped = (JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[] }).files.filter(
      (f) => !f.endsWith('.d.ts'),
    );
    const run = dockerfile[1].filter((i) => i.op === 'COPY').map((i) => i.args.split(/\s+/).at(-1));
    for (const f of shipped) expect(run, f).toContain(f);
    expect(ignored).toContain('node_modules');
  });
});

describe('the Kubernetes Indexed Job example', () => {
  const job = parse(readFileSync('deploy/kubernetes/catalogue-job.yaml', 'utf8'));
  const pod = job.spec.template.spec;
  const container = pod.containers[0];

  it('is an Indexed Job whose shards are its completions', () => {
    expect(job.apiVersion).toBe('batch/v1');
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    const args: string[] = container.args;
    expect(args[0]).toBe('batch');
    expect(Number(args[args.indexOf('--shards') + 1])).toBe(job.spec.completions);
    expect(pod.restartPolicy).toBe('Never');
  });

  it('writes into a mounted volume every pod shares, as a non-root user', () => {
    const args: string[] = container.args;
    const out = args[args.indexOf('-o') + 1];
    const mount = container.volumeMounts.find((m: { mountPath: string }) => m.mountPath === out);
    expect(mount, 'a volume at the -o folder').toBeDefined();
    expect(mount.readOnly).not.toBe(true);
    const volume = pod.volumes.find((v: { name: string }) => v.name === mount.name);
    expect(volume.persistentVolumeClaim?.claimName).toBeTruthy();
    // The catalogue it names is on a mounted volume too.
    const catalogue = args[1];
    expect(
      container.volumeMounts.some((m: { mountPath: string }) => catalogue.startsWith(`${m.mountPath}/`)),
    ).toBe(true);
    const user = dockerfile[1]
      .filter((i) => i.op === 'USER')
      .at(-1)
      ?.args.split(':')[0];
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(String(pod.securityContext.runAsUser)).toBe(user);
  });
});
