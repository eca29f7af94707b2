import { describe, expect, it } from 'vitest';
import { BINARY_SNIFF_BYTES, MAX_FILE_BYTES, classifyBytes, decodeUtf8, isBinary } from '../../parsers/classify.js';

describe('classify', () => {
  it('accepts UTF-8 text and returns it decoded', () => {
    expect(classifyBytes(Buffer.from('fn main() { "é😀" }\n'))).toEqual({ status: 'ok', text: 'fn main() { "é😀" }\n' });
    expect(classifyBytes(new Uint8Array())).toEqual({ status: 'ok', text: '' });
  });

  it('drops a UTF-8 byte-order mark', () => {
    expect(decodeUtf8(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toBe('a');
  });

  it('marks a NUL byte in the first 8 KiB as binary, and only there', () => {
    expect(classifyBytes(Buffer.from([0x50, 0x4b, 0x00, 0x03])).status).toBe('binary');
    const late = Buffer.alloc(BINARY_SNIFF_BYTES + 10, 0x61);
    late[BINARY_SNIFF_BYTES + 5] = 0;
    expect(isBinary(late)).toBe(false);
  });

  it('rejects invalid UTF-8', () => {
    expect(classifyBytes(Buffer.from([0x61, 0xff, 0xfe, 0x62]))).toMatchObject({ status: 'not_utf8' });
    expect(classifyBytes(Buffer.from('caf\xe9', 'latin1'))).toMatchObject({ status: 'not_utf8' });
  });

  it('rejects files over the 2 MiB ceiling before looking at their bytes', () => {
    expect(MAX_FILE_BYTES).toBe(2 * 1024 * 1024);
    expect(classifyBytes(new Uint8Array(MAX_FILE_BYTES)).status).toBe('binary');
    expect(classifyBytes(new Uint8Array(MAX_FILE_BYTES + 1))).toMatchObject({ status: 'too_large' });
    expect(classifyBytes(Buffer.alloc(MAX_FILE_BYTES, 0x20)).status).toBe('ok');
  });
});
