// The omission codes only Python's review binding and facts give (contracts/omission-codes.ts
// holds the shared ones); `cairn review codes` lists them.
import type { OmissionCodes } from '../../contracts/omission-codes.js';

export const OMISSION_CODES: OmissionCodes = {
  'conditional-import': 'the name is imported under a condition (try/except, if): which binding holds is not established',
  'wildcard-import': 'the name may come from a wildcard import (`from m import *`), which is not expanded',
  'module-forwarding': 'the name is forwarded by a module other than a package initializer',
  'module-reexport': 'the name is a re-exported module or a typing re-export, which is not followed',
  'module-reference': 'the reference names a module, not a declaration in it',
  'rebound-name': 'the name is bound again in the file after the declaration',
  'no-package': 'the directory is not a package (no __init__.py where one is needed)',
  'competing-module': 'both a module file and a package (or several stubs) could be the module',
  'external-module': 'the module is not in the workspace (an installed package or the standard library)',
  'dynamic-package': 'the package computes its names (__getattr__ or __path__)',
  'setup-authority': 'setup.py or setup.cfg decides the package layout, which is not read',
  'pyproject-syntax': 'pyproject.toml is not valid TOML',
  'loader-configuration': 'a build tool (poetry, hatch, pdm) decides the package layout, which is not read',
  'package-dir': 'setuptools package-dir maps packages in a way the profile does not follow',
  'package-find': 'setuptools packages.find searches in a way the profile does not follow',
  'forward-annotation': 'a string (forward) annotation that is not a plain name',
  'unknown-decorator': 'a class decorator other than dataclass: the class may not mean what it says',
  'computed-metadata': 'dataclass or model metadata given by a computed expression',
  'unknown-base': 'a base class that is neither a known model base nor a local model',
  'unsupported-class-statement': 'a class-body statement other than an annotated field or a literal default',
  'executable-default': 'a field default that runs code',
  'type-parameters': 'a class with type parameters (PEP 695)',
  'unsupported-newtype': 'a NewType whose base or name is not a plain literal form',
};
