// `--name value` taken out of a script's argument list, so what is left are its operands.

/** The value after `name` in `args` (removing both), or `fallback` when `name` is absent. */
export function takeOption(args, name, fallback) {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
}
