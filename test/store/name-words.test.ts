import { describe, expect, test } from 'vitest';
import { nameWords, normalisedName, wordSuffixes } from '../../store/name-words.js';

describe('name words', () => {
  test('camelCase humps, acronyms, digits and separators split words; case is dropped', () => {
    expect(nameWords('testCheckNotNull_simple')).toEqual(['test', 'check', 'not', 'null', 'simple']);
    expect(nameWords('HTTPServerTest')).toEqual(['http', 'server', 'test']);
    expect(nameWords('parseURL')).toEqual(['parse', 'url']);
    expect(nameWords('md5Sum')).toEqual(['md', '5', 'sum']);
    expect(nameWords('__init__')).toEqual(['init']);
    expect(nameWords('$scope-apply')).toEqual(['scope', 'apply']);
    expect(nameWords('größeÄndern')).toEqual(['größe', 'ändern']);
  });

  test('a name is searched normalised, and found under each of its word starts', () => {
    expect(normalisedName('check_not_null')).toBe(normalisedName('checkNotNull'));
    expect(wordSuffixes('TestRenderPage')).toEqual(['testrenderpage', 'renderpage', 'page']);
    expect(wordSuffixes('')).toEqual([]);
  });
});
