// The words of a symbol name, for the test-name index: `testCheckNotNull_simple`
// is `test check not null simple`. A test "is named after" a target when the
// target's words, joined, start at one of the test's word starts: `checkNotNull`
// names `testCheckNotNull_simple`, `render` names `renders_empty` and
// `TestRenderPage`, but `get` does not name `testForget`. Case and separators
// (`_`, `$`, `-`) never matter.

// An acronym before a capitalised word (`HTTP` of `HTTPServer`), a capitalised or
// lower-case word, a trailing acronym, a run of digits. Letters without case count
// as lower case, so a name in such a script is one word.
const WORD = /\p{Lu}+(?=\p{Lu}[\p{Ll}\p{Lo}\p{Lm}\p{Lt}\p{M}])|\p{Lu}?[\p{Ll}\p{Lo}\p{Lm}\p{Lt}\p{M}]+|\p{Lu}+|\p{N}+/gu;

/** The lower-cased words of a name, in order. */
export function nameWords(name: string): string[] {
  return (name.match(WORD) ?? []).map((w) => w.toLowerCase());
}

/** A name with case and separators taken out: what the index is searched with. */
export function normalisedName(name: string): string {
  return nameWords(name).join('');
}

/** The name from each word start to its end, normalised: the keys a test is found under. */
export function wordSuffixes(name: string): string[] {
  const words = nameWords(name);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) out.push(words.slice(i).join(''));
  return out;
}
