/**
 * `npm run server:build`: builds llama.cpp's `llama-server` from the exact llama.cpp source that the
 * pinned node-llama-cpp ships (its git bundle), so the remote backend is tested against the same
 * release as the local engine. CPU, Release, no curl, only the server target, `-j2` under `nice`
 * (the build machine is shared). The binary is cached outside the work tree, keyed by the llama.cpp
 * commit, so a second run is instant. Prints the binary's path; progress goes to stderr.
 *
 * `llamaServerPath()` is the one place that knows where the binary lives (tests and bench use it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { errorMessage } from '../shared/text/error-message';

const repoRoot = resolve(import.meta.dirname, '..');
const BUNDLE = join(repoRoot, 'node_modules', 'node-llama-cpp', 'llama', 'gitRelease.bundle');

/** The llama.cpp commit the bundle holds (its HEAD). */
export function llamaCppCommit(): string {
  const heads = execFileSync('git', ['-c', 'safe.directory=*', 'bundle', 'list-heads', BUNDLE], { encoding: 'utf-8' });
  const lines = heads.trim().split('\n').map((l) => l.split(' '));
  const head = lines.find(([, ref]) => ref === 'HEAD') ?? lines[0];
  if (!head?.[0]) throw new Error(`no commit in ${BUNDLE}`);
  return head[0];
}

function cacheRoot(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'segment-workbench', 'llama-server');
}

/** Where the cached binary for the shipped llama.cpp commit is (it may not be built yet). */
export function llamaServerPath(): string {
  return join(cacheRoot(), llamaCppCommit(), 'llama-server');
}

function run(cmd: string, args: string[], cwd?: string): void {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', process.stderr, process.stderr] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function build(): string {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing; run npm ci first`);
  const commit = llamaCppCommit();
  const bin = llamaServerPath();
  if (existsSync(bin)) {
    process.stderr.write(`llama-server ${commit} is cached\n`);
    return bin;
  }
  if (!has('cmake') || !has('g++') || !has('make')) {
    process.stderr.write('installing cmake and g++ (Debian packages)\n');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'cmake', 'g++', 'make']);
  }
  const jobs = process.env.SERVER_BUILD_JOBS || '2';
  const work = join(cacheRoot(), `build-${commit}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const started = Date.now();
  process.stderr.write(`cloning llama.cpp ${commit} from the node-llama-cpp bundle\n`);
  run('git', ['-c', 'safe.directory=*', 'clone', '-q', BUNDLE, join(work, 'src')]);
  run('git', ['-c', 'advice.detachedHead=false', 'checkout', '-q', commit], join(work, 'src'));
  // prettier-ignore
  run('cmake', ['-S', join(work, 'src'), '-B', join(work, 'build'), '-DCMAKE_BUILD_TYPE=Release',
    '-DLLAMA_CURL=OFF', '-DLLAMA_BUILD_TESTS=OFF', '-DLLAMA_BUILD_EXAMPLES=OFF', '-DLLAMA_BUILD_SERVER=ON',
    '-DBUILD_SHARED_LIBS=OFF']);
  process.stderr.write(`building llama-server with -j${jobs} under nice\n`);
  run('nice', ['-n', '10', 'cmake', '--build', join(work, 'build'), '--target', 'llama-server', '-j', jobs]);
  mkdirSync(join(cacheRoot(), commit), { recursive: true });
  copyFileSync(join(work, 'build', 'bin', 'llama-server'), `${bin}.tmp`);
  renameSync(`${bin}.tmp`, bin);
  rmSync(work, { recursive: true, force: true });
  process.stderr.write(`built llama-server ${commit} in ${Math.round((Date.now() - started) / 1000)} s\n`);
  return bin;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    process.stdout.write(`${build()}\n`);
  } catch (err) {
    process.stderr.write(`error: ${errorMessage(err)}\n`);
    process.exit(2);
  }
}
