// The privacy fixture: one ordinary file and one under a privacyExcludes glob. The
// gate tests build it, and the README's Safety example is its real output.
export const PRIVATE_SOURCE = 'export function privateThing() { return "PRIVATE-CONTENT"; }\nexport function callsIt() { return privateThing(); }\n';

export const PRIVACY_FIXTURE: Record<string, string> = {
  '.cairn.jsonc': '{ "privacyExcludes": ["private/**"] }\n',
  'src/a.ts': 'export function alpha() { return 1; }\n',
  'private/keys.ts': PRIVATE_SOURCE,
};
