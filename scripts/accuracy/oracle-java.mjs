// The Java oracle's node side: runs oracle-java/Oracle.java (javac's tree API) with
// Debian's JDK 17 over a corpus copy, the class path made of Debian's jars for what
// the corpus imports (its tests' JUnit, Hamcrest, EasyMock). The harness installs
// the JDK and those packages when they are missing; no network beyond Debian's.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROGRAM = join(dirname(fileURLToPath(import.meta.url)), 'oracle-java', 'Oracle.java');
/** Debian's JDK 17 (another JDK earlier on the PATH may differ in what it accepts). */
export const DEBIAN_JAVA = '/usr/lib/jvm/java-17-openjdk-amd64/bin/java';
const DEBIAN_JARS = '/usr/share/java';

/**
 * Java corpora the oracle measures: an install name, the Debian packages whose jars its
 * imports need, and those jars (under /usr/share/java).
 */
export const JAVA_CORPORA = {
  'java-commons-lang3': {
    install: 'java-commons-lang3',
    packages: ['junit5', 'libhamcrest-java', 'libeasymock-java'],
    jars: ['junit-jupiter-api.jar', 'junit-jupiter-params.jar', 'opentest4j.jar', 'apiguardian-api.jar', 'junit-platform-commons.jar', 'hamcrest.jar', 'easymock.jar'],
  },
};

function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  return spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env }).status === 0;
}

/** Installs Debian's JDK and the corpus's jar packages when missing (needs root, as the corpora do). */
export function ensureJava(spec) {
  const missing = [];
  if (!existsSync(DEBIAN_JAVA) || !existsSync(join(dirname(DEBIAN_JAVA), 'javac'))) missing.push('openjdk-17-jdk-headless');
  if (spec.jars.some((jar) => !existsSync(join(DEBIAN_JARS, jar)))) missing.push(...spec.packages);
  if (missing.length > 0 && !aptInstall(missing)) throw new Error(`could not install ${missing.join(', ')}`);
}

/** Runs the oracle over `root`, writing sites to `outFile`; returns its summary. */
export function runJavaOracle(root, outFile, spec) {
  ensureJava(spec);
  const classPath = spec.jars.map((jar) => join(DEBIAN_JARS, jar)).join(':');
  const res = spawnSync(DEBIAN_JAVA, ['-Xmx4g', PROGRAM, root, outFile, classPath], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`Java oracle failed (${res.status ?? res.signal}): ${(res.stderr ?? '').slice(-2000)}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}
