// How a file's language is found: by exact name, by extension, and for a file without
// an extension by the interpreter its `#!` line names.
import { describe, expect, it } from 'vitest';
import { shebangInterpreter } from '../../parsers/index.js';
import { EXTENSION_LANGUAGE } from '../../parsers/registry.js';
import { UNSUPPORTED_SOURCE_EXTENSIONS } from '../../workers/inventory.js';

describe('file language', () => {
  it('reads the interpreter of a #! line, through env and its options', () => {
    expect(shebangInterpreter('#!/bin/bash\necho hi\n')).toBe('bash');
    expect(shebangInterpreter('#! /bin/sh -e\n')).toBe('sh');
    expect(shebangInterpreter('#!/usr/bin/env bash\n')).toBe('bash');
    expect(shebangInterpreter('#!/usr/bin/env -S bash -eu\n')).toBe('bash');
    expect(shebangInterpreter('#!/usr/bin/env -u HOME LC_ALL=C python3\n')).toBe('python3');
    expect(shebangInterpreter('#!/usr/bin/env\n')).toBeNull();
    expect(shebangInterpreter('echo no shebang\n')).toBeNull();
    expect(shebangInterpreter('')).toBeNull();
  });

  it('never counts an extension cairn parses as unsupported', () => {
    for (const extension of UNSUPPORTED_SOURCE_EXTENSIONS) expect(EXTENSION_LANGUAGE[extension], extension).toBeUndefined();
    expect(UNSUPPORTED_SOURCE_EXTENSIONS.has('.ex')).toBe(true);
  });
});
