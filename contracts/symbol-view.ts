// A symbol as every v0.3 answer prints it (the contract's symbol object).
import { keysOf } from './keys.js';

export interface SymbolView {
  id: string;
  name: string;
  qualified_name: string;
  kind: string;
  file_path: string;
  start_line: number;
  end_line: number;
  is_test: boolean;
}

export const SYMBOL_VIEW_KEYS = keysOf<SymbolView>()(['id', 'name', 'qualified_name', 'kind', 'file_path', 'start_line', 'end_line', 'is_test']);
