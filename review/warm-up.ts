// Review's languages made ready before a review needs them: grammars start loading as
// soon as the edited paths are known (so loading overlaps the remaining imports), and a
// new review server parses one sample per grammar so its first answer is as quick as
// its later ones.
import { preloadProfiles, REVIEW_PROFILES } from '../parsers/review/profiles.js';

/** Starts loading the grammars of these paths' languages. */
export function preloadFor(paths: string[]): void {
  preloadProfiles(paths);
}

/** Parses each profile's samples once, so every grammar and its queries are compiled. */
export async function warmProfiles(): Promise<void> {
  for (const profile of REVIEW_PROFILES) {
    for (const [path, source] of Object.entries(profile.samples)) {
      const file = await profile.open(source, profile.grammarFor(path)!);
      for (const d of file.facts.declarations) file.references(d);
      file.dispose();
    }
  }
}
