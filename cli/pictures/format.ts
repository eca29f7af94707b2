// `--format text|dot|mermaid|html` for the commands that answer with a graph: the
// same result object, printed by another printer.
import type { CommandResult } from '../../contracts/envelope.js';
import { usageError } from '../errors.js';
import type { HumanRenderer } from '../run.js';
import { toDot } from './dot.js';
import { toGraphPage } from './graph-page.js';
import { toMermaid } from './mermaid.js';
import type { Picture } from './picture.js';

export const PICTURE_FORMATS = ['text', 'dot', 'mermaid', 'html'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export const FORMAT_HELP = 'text (default), or the answer as a picture: dot (Graphviz), mermaid, or html (one self-contained interactive page)';

/** Checks --format against --json: a usage error (exit 2) names the problem. */
export function pictureFormat(value: string | undefined, json: boolean): PictureFormat {
  const format = (value ?? 'text') as PictureFormat;
  if (!PICTURE_FORMATS.includes(format)) throw usageError(`--format must be ${PICTURE_FORMATS.join(', ')} (got "${value}")`);
  if (json && format !== 'text') throw usageError(`--json and --format ${format} are two outputs; choose one`);
  return format;
}

/** The renderer for a format: the command's text renderer, or a picture printer over the same result. */
export function printerFor<T>(value: string | undefined, text: HumanRenderer<T>, picture: (result: CommandResult<T>) => Picture): HumanRenderer<T> {
  return async (result) => {
    switch (value ?? 'text') {
      case 'dot':
        return toDot(picture(result));
      case 'mermaid':
        return toMermaid(picture(result));
      case 'html':
        return toGraphPage(picture(result));
      default:
        return text(result);
    }
  };
}
