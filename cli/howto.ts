// `cairn howto`: which command answers which question, and what each confidence means.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { RESOLUTION_CONFIDENCE, type ResolutionKind } from '../contracts/tiers.js';
import { execute } from './run.js';

const MEANING: Record<ResolutionKind, string> = {
  exact: 'an import binding or a qualified path names exactly one target',
  receiver_type: 'the receiver’s type is known (self/this, a declared or constructed type, a declared return or callback parameter type) and has exactly one such member',
  framework_annotation: 'a framework annotation declares the relationship (e.g. a route mapping)',
  package: 'the name is bound within the same package or module without an explicit import',
  namespace: 'the call is qualified by a namespace or module binding that holds exactly one such name',
  framework_declaration: 'a framework declaration binds the endpoint (e.g. configuration properties)',
  framework_convention: 'a framework convention implies the relationship (e.g. constructor injection)',
  same_file: 'the name is defined once in the calling file and nothing more specific applies',
  name_only: 'the name is unique among the workspace’s callables; nothing else supports the binding',
};

const QUESTIONS: Array<{ question: string; command: string }> = [
  { question: 'Index this repository (once)', command: 'cairn init' },
  { question: 'Bring the index up to date after edits', command: 'cairn sync' },
  { question: 'Is there an index, and is it fresh?', command: 'cairn status' },
  { question: 'Can I trust this index for review?', command: 'cairn doctor' },
  { question: 'Where is a symbol defined?', command: 'cairn search <name>' },
  { question: 'What is this symbol, what does it contain?', command: 'cairn node --symbol <symbol>' },
  { question: 'Who calls this?', command: 'cairn callers <symbol> --show-resolution' },
  { question: 'What does this call, and what could not be resolved?', command: 'cairn callees <symbol>' },
  { question: 'Everything around one symbol at once?', command: 'cairn explore <symbol>' },
  { question: 'Which tests reach this?', command: 'cairn tests-for <symbol>' },
  { question: 'What could a change to this affect?', command: 'cairn impact <symbol>' },
  { question: 'What did this change touch?', command: 'cairn diff --base <rev>' },
  { question: 'Which calls could not be resolved?', command: 'cairn unresolved' },
  { question: 'Which calls leave the workspace?', command: 'cairn unresolved --reason external,builtin' },
  { question: 'The whole graph as data?', command: 'cairn export --format jsonl' },
  { question: 'Review the types and functions an edit changed', command: 'cairn review --patch <file>' },
  { question: 'Which review rules run, and are my rule files valid?', command: 'cairn rules list / rules validate <file>' },
  { question: 'Which review configuration applies, and from where?', command: 'cairn config show' },
  { question: 'What did past reviews skip or find?', command: 'cairn review status' },
  { question: 'Replay a review’s decisions from its audit log', command: 'cairn replay .cairn/audit/<log>' },
];

interface HowtoData {
  questions: typeof QUESTIONS;
  confidence_cascade: Array<{ resolution_kind: ResolutionKind; confidence: number; meaning: string }>;
  notes: string[];
}

const NOTES = [
  'Resolution tries the tiers from the most to the least certain and stops at the first that binds exactly one target.',
  'A call that binds no target, or more than one, is an unresolved record with its reason (missing_target, ambiguous_target, macro_or_function, indirect_call, excluded: into a folder the index leaves out); it is never shown as a symbol.',
  'Calls into packages outside the workspace (external) or the language’s own library (builtin) are unresolved by nature: listed apart, never counted against the graph’s trust.',
  'Every answer checks the files it relies on; a stale_source warning means one changed since the last sync: run cairn sync.',
  'A confidence is a claim about precision: --min-confidence 90 keeps only typed or exact bindings.',
  'Text search (comments, literals, generated code) is grep’s job; a grep hit is evidence, not a graph relationship.',
];

export function register(program: Command): void {
  program
    .command('howto')
    .description('which command answers which question, and the confidence cascade')
    .action(async (_flags: unknown, command: Command) => {
      await execute(
        command,
        'howto',
        () => {
          const cascade = (Object.entries(RESOLUTION_CONFIDENCE) as Array<[ResolutionKind, number]>)
            .sort((a, b) => b[1] - a[1])
            .map(([kind, confidence]) => ({ resolution_kind: kind, confidence, meaning: MEANING[kind] }));
          const result: CommandResult<HowtoData> = {
            command: 'howto',
            ok: true,
            data: { questions: QUESTIONS, confidence_cascade: cascade, notes: NOTES },
            warnings: [],
            truncated: false,
            next_action: 'none',
            exit_code: 0,
          };
          return result;
        },
        (r) =>
          [
            'Questions and commands:',
            ...r.data.questions.map((q) => `  ${q.question.padEnd(55)} ${q.command}`),
            'Confidence cascade:',
            ...r.data.confidence_cascade.map((c) => `  ${String(c.confidence).padStart(3)}  ${c.resolution_kind.padEnd(22)} ${c.meaning}`),
            'Notes:',
            ...r.data.notes.map((n) => `  - ${n}`),
          ].join('\n'),
      );
    });
}
