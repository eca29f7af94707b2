import { describe, expect, it } from 'vitest';
import {
  MAX_CONSTRAINT_BYTES,
  MAX_CONSTRAINT_NESTING,
  MAX_CONSTRAINT_TOKENS,
  bindName,
  classifyTag,
  evaluate,
  evaluateName,
  fileMembership,
  nameConstraint,
  parseBuildLine,
  planDirectory,
  productionRule,
  readHeader,
  resolvePackage,
  type BuildExpr,
  type GoFileFacts,
  type GoTarget,
} from '../../parsers/go/review-facts.js';

const linux: GoTarget = { goos: 'linux', goarch: 'amd64', tags: ['integration'] };

const show = (e: BuildExpr): string =>
  e.kind === 'tag' ? e.name : e.kind === 'not' ? `!${show(e.operand)}` : `(${show(e.left)} ${e.kind === 'and' ? '&&' : '||'} ${show(e.right)})`;

const parsed = (line: string) => {
  const p = parseBuildLine(line);
  if (!p.ok) throw new Error(`did not parse: ${line} (${p.failure})`);
  return p.expr;
};

const value = (line: string, target: GoTarget | null = linux) => evaluate(parsed(line), target);

describe('//go:build lines', () => {
  it('parses with the toolchain precedence: ! over && over ||, left to right', () => {
    expect(show(parsed('//go:build a || b && c'))).toBe('(a || (b && c))');
    expect(show(parsed('//go:build a && b || c && !d'))).toBe('((a && b) || (c && !d))');
    expect(show(parsed('//go:build !(a || b) && go1.21'))).toBe('(!(a || b) && go1.21)');
    expect(show(parsed('//go:build\ta&&b||c'))).toBe('((a && b) || c)');
  });

  it('keeps tag positions within the line', () => {
    const e = parsed('//go:build linux && amd64');
    expect(e.kind === 'and' && e.right.kind === 'tag' ? [e.right.start, e.right.end] : null).toEqual([20, 25]);
  });

  it('rejects what the toolchain rejects, as a typed failure', () => {
    for (const line of ['//go:build', '//go:build !!a', '//go:build ! !a', '//go:build a b', '//go:build a & b', '//go:build (a', '//go:build a)', '//go:build a ||', '//go:build a-b', '//go:buildlinux']) {
      expect(parseBuildLine(line), line).toMatchObject({ ok: false, failure: 'syntax' });
    }
  });

  it('stops at its byte, token and nesting bounds before parsing', () => {
    expect(parseBuildLine(`//go:build ${'a'.repeat(MAX_CONSTRAINT_BYTES)}`)).toMatchObject({ ok: false, failure: 'too-many-bytes' });
    expect(parseBuildLine(`//go:build ${Array(MAX_CONSTRAINT_TOKENS).fill('a').join('||')}`)).toMatchObject({ ok: false, failure: 'too-many-tokens' });
    const deep = MAX_CONSTRAINT_NESTING + 1;
    expect(parseBuildLine(`//go:build ${'('.repeat(deep)}a${')'.repeat(deep)}`)).toMatchObject({ ok: false, failure: 'too-deep' });
    const ok = MAX_CONSTRAINT_NESTING;
    expect(parseBuildLine(`//go:build ${'('.repeat(ok)}a${')'.repeat(ok)}`).ok).toBe(true);
  });
});

describe('tags under a frozen target', () => {
  it('classifies the unknown classes', () => {
    expect(['go1.21', 'goexperiment.rangefunc', 'boringcrypto', 'amd64.v3', 'arm.7', 'gc', 'gccgo', 'cgo', 'linux', 'unix', 'arm64', 'integration', 'ignore'].map(classifyTag)).toEqual([
      'language', 'experiment', 'experiment', 'arch-feature', 'arch-feature', 'compiler', 'compiler', 'cgo', 'os', 'unix', 'arch', 'user', 'user',
    ]);
  });

  it('evaluates GOOS, GOARCH, unix and user tags exactly', () => {
    expect(value('//go:build linux && amd64').value).toBe(true);
    expect(value('//go:build windows || arm64').value).toBe(false);
    expect(value('//go:build unix').value).toBe(true);
    expect(value('//go:build unix', { ...linux, goos: 'windows' }).value).toBe(false);
    expect(value('//go:build integration && !ignore').value).toBe(true);
    expect(value('//go:build e2e').value).toBe(false);
  });

  it('applies the OS aliases: android satisfies linux, illumos solaris, ios darwin', () => {
    expect(value('//go:build linux', { ...linux, goos: 'android' }).value).toBe(true);
    expect(value('//go:build android', linux).value).toBe(false);
    expect(value('//go:build solaris', { ...linux, goos: 'illumos' }).value).toBe(true);
    expect(value('//go:build darwin', { goos: 'ios', goarch: 'arm64', tags: [] }).value).toBe(true);
    expect(value('//go:build ios', { goos: 'darwin', goarch: 'arm64', tags: [] }).value).toBe(false);
  });

  it('keeps unsupported tags unknown even where a branch would short-circuit', () => {
    expect(value('//go:build linux || cgo')).toEqual({ value: 'unknown', reasons: ['cgo'] });
    expect(value('//go:build windows && go1.21')).toEqual({ value: 'unknown', reasons: ['language-tag'] });
    expect(value('//go:build gc && goexperiment.arenas && amd64.v2').reasons).toEqual(['compiler-tag', 'experiment-tag', 'arch-feature-tag']);
  });

  it('without a Go configuration, every target or user tag is unknown', () => {
    expect(value('//go:build linux', null)).toEqual({ value: 'unknown', reasons: ['no-target'] });
    expect(value('//go:build integration', null)).toEqual({ value: 'unknown', reasons: ['no-target'] });
  });
});

describe('file headers', () => {
  it('finds the one //go:build line among leading comments and blank lines', () => {
    expect(readHeader('// Copyright 2026\n\n//go:build linux\n\npackage x\n')).toEqual({ kind: 'go-build', line: 3, text: '//go:build linux' });
    expect(readHeader('package x\n\n//go:build linux\n')).toEqual({ kind: 'none' });
    expect(readHeader('\r\n//go:build linux\r\npackage x\r\n')).toEqual({ kind: 'go-build', line: 2, text: '//go:build linux' });
  });

  it('lets //go:build govern beside // +build, and a lone // +build is unreadable', () => {
    expect(readHeader('//go:build linux\n// +build linux\n\npackage x\n').kind).toBe('go-build');
    expect(readHeader('// +build linux\n\npackage x\n')).toEqual({ kind: 'unreadable', reason: 'plus-build', line: 1 });
  });

  it('reports block-comment headers and a second //go:build line as unreadable', () => {
    expect(readHeader('/* license */\n//go:build linux\npackage x\n')).toMatchObject({ kind: 'unreadable', reason: 'block-comment-header' });
    expect(readHeader('//go:build linux\n//go:build amd64\npackage x\n')).toMatchObject({ kind: 'unreadable', reason: 'multiple-go-build' });
  });
});

describe('file names', () => {
  it('reads _GOOS, _GOARCH and _GOOS_GOARCH suffixes as the toolchain does', () => {
    expect(nameConstraint('status_linux.go')).toEqual({ os: 'linux', arch: null });
    expect(nameConstraint('status_linux_arm64.go')).toEqual({ os: 'linux', arch: 'arm64' });
    expect(nameConstraint('status_amd64_test.go')).toEqual({ os: null, arch: 'amd64' });
    expect(nameConstraint('linux.go')).toBeNull();
    expect(nameConstraint('status_unix.go')).toBeNull();
    expect(nameConstraint('a.b_linux.go')).toBeNull();
  });

  it('applies aliases to suffixes', () => {
    expect(evaluateName('x_linux.go', { ...linux, goos: 'android' }).value).toBe(true);
    expect(evaluateName('x_android.go', linux).value).toBe(false);
    expect(evaluateName('x_linux.go', null)).toEqual({ value: 'unknown', reasons: ['no-target'] });
  });

  it('leaves tests and dot- or underscore-prefixed files out of the production package', () => {
    expect(['a.go', 'a_test.go', '.a.go', '_a.go', 'a.s', 'go.mod'].map(productionRule)).toEqual([null, 'test-file', 'ignored-name', 'ignored-name', 'not-go', 'not-go']);
  });
});

const facts = (pkg: string, declarations: string[], header = '', importsC = false): GoFileFacts => ({
  header: readHeader(`${header}\npackage ${pkg}\n`),
  packageName: pkg,
  importsC,
  declarations,
});

describe('active package of one directory', () => {
  const entries = ['report.go', 'status_linux.go', 'status_windows.go', 'status_test.go', 'go.mod', 'sub'].map((name) => ({ name, kind: name === 'sub' ? ('directory' as const) : ('file' as const) }));
  const observation = { entries, truncated: false };

  it('with goos linux: the windows file is inactive by name and never planned for reading', () => {
    const plan = planDirectory(observation, linux);
    expect(plan.filter((p) => p.status === 'read').map((p) => p.name)).toEqual(['report.go', 'status_linux.go']);
    expect(plan.find((p) => p.name === 'status_windows.go')).toEqual({ name: 'status_windows.go', status: 'inactive', by: 'filename' });
    const pkg = resolvePackage(observation, linux, { 'report.go': facts('status', ['Report']), 'status_linux.go': facts('status', ['Status']) });
    expect(pkg.identity).toEqual({ kind: 'unique', name: 'status' });
    expect(pkg.neverRead).toEqual(['status_windows.go']);
    expect(bindName(pkg, 'Status')).toEqual({ kind: 'unique', file: 'status_linux.go' });
    expect(bindName(pkg, 'Nothing')).toEqual({ kind: 'missing' });
  });

  it('with no target: both platform files are possibly active and the name does not bind', () => {
    const pkg = resolvePackage(observation, null, {
      'report.go': facts('status', ['Report']),
      'status_linux.go': facts('status', ['Status']),
      'status_windows.go': facts('status', ['Status']),
    });
    expect(pkg.identity).toEqual({ kind: 'unique', name: 'status' });
    expect(bindName(pkg, 'Status')).toEqual({ kind: 'unknown', reason: 'possibly-active', files: ['status_linux.go', 'status_windows.go'] });
    expect(bindName(pkg, 'Report')).toEqual({ kind: 'unique', file: 'report.go' });
  });

  it('a cgo constraint makes a file possibly active, so its conflicting name blocks the binding', () => {
    const obs = { entries: [{ name: 'a.go', kind: 'file' as const }, { name: 'b.go', kind: 'file' as const }], truncated: false };
    const pkg = resolvePackage(obs, linux, { 'a.go': facts('p', ['Mode', 'A']), 'b.go': facts('p', ['Mode'], '//go:build cgo') });
    expect(pkg.files.map((f) => f.membership.status)).toEqual(['active', 'possibly-active']);
    expect(bindName(pkg, 'Mode')).toEqual({ kind: 'unknown', reason: 'possibly-active', files: ['a.go', 'b.go'] });
    expect(bindName(pkg, 'A')).toEqual({ kind: 'unique', file: 'a.go' });
  });

  it('import "C" makes a file possibly active', () => {
    expect(fileMembership({ value: true, reasons: [] }, { header: { kind: 'none' }, importsC: true }, linux)).toEqual({ status: 'possibly-active', reasons: ['cgo'] });
  });

  it('a constraint that is false makes the file inactive', () => {
    const obs = { entries: [{ name: 'a.go', kind: 'file' as const }, { name: 'b.go', kind: 'file' as const }], truncated: false };
    const pkg = resolvePackage(obs, linux, { 'a.go': facts('p', ['Mode']), 'b.go': facts('p', ['Mode'], '//go:build windows') });
    expect(bindName(pkg, 'Mode')).toEqual({ kind: 'unique', file: 'a.go' });
  });

  it('two active declarations conflict', () => {
    const obs = { entries: [{ name: 'a.go', kind: 'file' as const }, { name: 'b.go', kind: 'file' as const }], truncated: false };
    const pkg = resolvePackage(obs, linux, { 'a.go': facts('p', ['Mode']), 'b.go': facts('p', ['Mode']) });
    expect(bindName(pkg, 'Mode')).toEqual({ kind: 'conflicting', files: ['a.go', 'b.go'] });
  });

  it('an incomplete inventory, an unread file or disagreeing package clauses prevent a unique identity', () => {
    const obs = { entries: [{ name: 'a.go', kind: 'file' as const }, { name: 'b.go', kind: 'file' as const }], truncated: false };
    expect(resolvePackage({ ...obs, truncated: true }, linux, { 'a.go': facts('p', []), 'b.go': facts('p', []) }).identity).toEqual({ kind: 'unknown', reasons: ['incomplete-inventory'] });
    expect(resolvePackage(obs, linux, { 'a.go': facts('p', ['T']) }).identity).toEqual({ kind: 'unknown', reasons: ['unread-file'] });
    expect(resolvePackage(obs, linux, { 'a.go': facts('p', []), 'b.go': facts('q', []) }).identity).toEqual({ kind: 'unknown', reasons: ['conflicting-package-names'] });
    const pkg = resolvePackage(obs, linux, { 'a.go': facts('p', ['T']) });
    expect(bindName(pkg, 'T')).toEqual({ kind: 'unknown', reason: 'package-identity', files: [] });
  });

  it('observes at most 128 entries', () => {
    const many = Array.from({ length: 130 }, (_, i) => ({ name: `f${String(i).padStart(3, '0')}.go`, kind: 'file' as const }));
    expect(planDirectory({ entries: many, truncated: false }, linux)).toHaveLength(128);
    expect(resolvePackage({ entries: many, truncated: false }, linux, {}).identity).toMatchObject({ kind: 'unknown' });
  });
});
