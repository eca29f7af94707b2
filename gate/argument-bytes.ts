// The bound on one argument, shared by the command line and the MCP tools. A symbol,
// prefix, query or path becomes part of a store key (LMDB keys hold at most 1,978
// bytes, and a name lookup keys it twice), so the bound is in UTF-8 bytes: a
// character bound lets three-byte characters through at three times the size.
export const MAX_ARGUMENT_BYTES = 900;

export const argumentBytes = (text: string): number => Buffer.byteLength(text, 'utf8');
