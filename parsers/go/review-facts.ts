// The Go review profile's native facts: build constraints (grammars/go/build.ohm),
// their three-valued evaluation against a frozen target, named platform tables, and
// active-package membership of one directory. Pure functions; no file system here.
export * from './build-constraint.js';
export * from './evaluate.js';
export * from './membership.js';
export * from './platforms.js';
export * from './go-mod.js';
