// The frozen Go analysis configuration: `"go": {"goos", "goarch", "tags"}` in
// .cairn.jsonc or the user file. Go review evaluates build constraints against this
// target only, never against the host's Go environment. A port comes from the named
// tables; user tags are the complete list of ordinary tags that are true, so they may
// not name what the target or the toolchain decides (an OS or architecture, `unix`,
// cgo, a compiler, a release, an experiment or an architecture feature).
import type { BuildTarget } from '../../contracts/review-binding.js';
import type { LanguageSetting, SettingsDocument } from '../../contracts/review-language.js';
import { classifyTag } from './evaluate.js';
import { isPort, PORTS } from './platforms.js';

const KEYS = ['goos', 'goarch', 'tags'];
const TAG = /^[\p{L}0-9_.]+$/u;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates a `go` value; null turns a target inherited from the user file off. */
export function parseGoTarget(doc: SettingsDocument, value: unknown): BuildTarget | null {
  if (value === null) return null;
  if (!isObject(value)) doc.fail(['go'], 'go is an object {goos, goarch, tags} (or null for no target)');
  doc.onlyKeys(['go'], value, KEYS);
  for (const key of KEYS) if (value[key] === undefined) doc.fail(['go'], `go.${key} is required: the target is declared in full (tags may be [])`);
  const { goos, goarch } = value;
  if (typeof goos !== 'string' || !Object.hasOwn(PORTS, goos)) doc.fail(['go', 'goos'], `goos is one of ${Object.keys(PORTS).join(', ')}`);
  if (typeof goarch !== 'string' || !isPort(goos, goarch)) doc.fail(['go', 'goarch'], `goarch for ${goos} is one of ${PORTS[goos].join(', ')}`);
  const tags = doc.stringList(['go', 'tags'], value.tags);
  for (const [i, tag] of tags.entries()) {
    if (!TAG.test(tag)) doc.fail(['go', 'tags', i], `"${tag}" is not a build tag (letters, digits, "_" and ".")`);
    const cls = classifyTag(tag);
    if (cls !== 'user') doc.fail(['go', 'tags', i], `"${tag}" is ${TAG_OWNER[cls]}, not a user tag`);
  }
  return { goos, goarch, tags: [...tags] };
}

const TAG_OWNER: Record<Exclude<ReturnType<typeof classifyTag>, 'user'>, string> = {
  os: 'an operating system (set goos)',
  unix: 'decided by goos',
  arch: 'an architecture (set goarch)',
  language: 'a Go release tag, which this profile treats as unknown',
  experiment: 'a Go experiment tag, which this profile treats as unknown',
  'arch-feature': 'an architecture feature tag, which this profile treats as unknown',
  compiler: 'a compiler tag, which this profile treats as unknown',
  cgo: 'decided by the toolchain environment, which this profile treats as unknown',
};

/** The `go` key of the review configuration: no target unless a file declares one. */
export const goTargetSetting: LanguageSetting = {
  key: 'go',
  initial: null,
  parse: parseGoTarget,
  show: (value) => {
    const target = value as BuildTarget | null;
    return target ? `${target.goos}/${target.goarch} tags ${JSON.stringify(target.tags)}` : 'no target';
  },
};
