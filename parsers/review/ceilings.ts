// The spec's per-source capture ceilings: 256 KiB, and 2 MiB where the Python and Go
// sections allow it. Each language's review profile names its own (parsers/<lang>/language.ts).
export const SOURCE_CEILING = 256 * 1024;
export const LARGE_SOURCE_CEILING = 2 * 1024 * 1024;
