// The command definitions as plain data, read off the commander tree: what
// `--json --help` prints, what shell completions are generated from, and how an
// argument's position is turned back into the option or placeholder it fills.
import type { Command, Option } from 'commander';

export interface OptionShape {
  flags: string;
  long?: string;
  short?: string;
  description: string;
  /** The placeholder of the value it takes (`<n>`), absent for a switch. */
  value?: string;
  choices?: string[];
  default?: unknown;
}

export interface CommandShape {
  name: string;
  description: string;
  usage: string;
  arguments: Array<{ name: string; description: string; required: boolean; variadic: boolean }>;
  options: OptionShape[];
  commands: CommandShape[];
}

export function optionShape(option: Option): OptionShape {
  const value = /[<[][^>\]]*[>\]]/.exec(option.flags)?.[0];
  return {
    flags: option.flags,
    ...(option.long ? { long: option.long } : {}),
    ...(option.short ? { short: option.short } : {}),
    description: option.description,
    ...(value ? { value } : {}),
    ...(option.argChoices ? { choices: [...option.argChoices] } : {}),
    ...(option.defaultValue !== undefined ? { default: option.defaultValue } : {}),
  };
}

export function describeCommand(command: Command): CommandShape {
  return {
    name: command.name(),
    description: command.description(),
    usage: `${fullName(command)} ${command.usage()}`,
    arguments: command.registeredArguments.map((a) => ({ name: a.name(), description: a.description, required: a.required, variadic: a.variadic })),
    options: command.options.filter((o) => !o.hidden).map(optionShape),
    commands: command.commands.filter((c) => !(c as Command & { _hidden?: boolean })._hidden).map(describeCommand),
  };
}

function fullName(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Options a command accepts: its own and every ancestor's (the root's are global). */
function optionsOf(command: Command): Option[] {
  const all: Option[] = [];
  for (let c: Command | null = command; c; c = c.parent) all.push(...c.options);
  return all;
}

/**
 * The command the arguments name (the deepest subcommand they reach), and for one
 * argument index what it is: an option's value (`--in`), an option itself, or a
 * positional (`<query>`).
 */
export function locate(root: Command, args: string[], index = -1): { command: Command; role?: string } {
  let command = root;
  let positional = 0;
  let role: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      if (index > i) role = placeholder(command, positional + (index - i - 1));
      break;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      const flag = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
      const option = optionsOf(command).find((o) => o.long === flag || o.short === flag);
      if (i === index) role = option?.long ?? flag;
      // An option with a required value takes the next argument (an optional value never does).
      if (option?.required && !arg.includes('=')) {
        i++;
        if (i === index) role = option.long ?? flag;
      }
      continue;
    }
    const sub = positional === 0 ? command.commands.find((c) => c.name() === arg || c.aliases().includes(arg)) : undefined;
    if (sub) {
      command = sub;
      continue;
    }
    if (i === index) role = placeholder(command, positional);
    positional++;
  }
  return { command, role };
}

function placeholder(command: Command, n: number): string {
  const declared = command.registeredArguments;
  const argument = declared[Math.min(n, declared.length - 1)];
  return argument ? `<${argument.name()}>` : `argument ${n + 1} of ${fullName(command)}`;
}
