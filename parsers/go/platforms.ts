// Named GOOS and GOARCH tables. A frozen analysis target must name a port from
// PORTS; a new platform needs a reviewed change here, never an arbitrary string.
// The known-name lists match the Go toolchain's own (go/build's syslist), which keeps
// past and future names so that filename suffixes are read the same way it reads them.

/** Every GOOS name the toolchain knows, for tags and filename suffixes. */
export const KNOWN_OS: ReadonlySet<string> = new Set([
  'aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'js', 'linux',
  'nacl', 'netbsd', 'openbsd', 'plan9', 'solaris', 'wasip1', 'windows', 'zos',
]);

/** Every GOARCH name the toolchain knows, for tags and filename suffixes. */
export const KNOWN_ARCH: ReadonlySet<string> = new Set([
  '386', 'amd64', 'amd64p32', 'arm', 'armbe', 'arm64', 'arm64be', 'loong64', 'mips', 'mipsle',
  'mips64', 'mips64le', 'mips64p32', 'mips64p32le', 'ppc', 'ppc64', 'ppc64le', 'riscv', 'riscv64',
  's390', 's390x', 'sparc', 'sparc64', 'wasm',
]);

/** GOOS values the `unix` tag is true for (it is never a filename suffix). */
export const UNIX_OS: ReadonlySet<string> = new Set([
  'aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'linux', 'netbsd', 'openbsd', 'solaris',
]);

/** A target GOOS that also satisfies another GOOS name, in tags and filename suffixes. */
export const OS_ALIASES: Readonly<Record<string, string>> = { android: 'linux', illumos: 'solaris', ios: 'darwin' };

/** The ports an analysis target may name: GOOS -> the GOARCH values it is built for. */
export const PORTS: Readonly<Record<string, readonly string[]>> = {
  aix: ['ppc64'],
  android: ['386', 'amd64', 'arm', 'arm64'],
  darwin: ['amd64', 'arm64'],
  dragonfly: ['amd64'],
  freebsd: ['386', 'amd64', 'arm', 'arm64', 'riscv64'],
  illumos: ['amd64'],
  ios: ['amd64', 'arm64'],
  js: ['wasm'],
  linux: ['386', 'amd64', 'arm', 'arm64', 'loong64', 'mips', 'mipsle', 'mips64', 'mips64le', 'ppc64', 'ppc64le', 'riscv64', 's390x'],
  netbsd: ['386', 'amd64', 'arm', 'arm64'],
  openbsd: ['386', 'amd64', 'arm', 'arm64', 'mips64', 'ppc64', 'riscv64'],
  plan9: ['386', 'amd64', 'arm'],
  solaris: ['amd64'],
  wasip1: ['wasm'],
  windows: ['386', 'amd64', 'arm', 'arm64'],
};

/** Compiler names the toolchain sets as tags; which one builds is not part of the target. */
export const COMPILER_TAGS: ReadonlySet<string> = new Set(['gc', 'gccgo']);

/** Whether a target GOOS satisfies the OS name `name` (itself, or through an alias). */
export function osSatisfies(goos: string, name: string): boolean {
  return goos === name || OS_ALIASES[goos] === name;
}

export function isPort(goos: string, goarch: string): boolean {
  return Object.hasOwn(PORTS, goos) && PORTS[goos].includes(goarch);
}
