// `cairn replay <log>`: feeds a recorded machine run (review, impact, freshness) back through the same machine
// definitions with xstate's pure transition function. A divergence exits 1.
import type { Command } from 'commander';
import { CairnError, usageError } from './errors.js';
import { factsLine as summary, toTimelinePage } from './pictures/timeline-page.js';
import { execute } from './run.js';

export function register(program: Command): void {
  program
    .command('replay <log>')
    .description('replay an audit log (review, impact or freshness runs) through the same machines and report any divergence')
    .option('--steps', 'print the transition timeline (edges chosen, budgets spent, omissions)')
    .option('--html', 'print the timeline as one self-contained HTML page')
    .action(async (log: string, options: { steps?: boolean; html?: boolean }, command: Command) => {
      await execute(
        command,
        'replay',
        async (ctx) => {
          if (options.html && ctx.json) throw usageError('--json and --html are two outputs; choose one');
          const [{ readAuditLog }, { replay }] = await Promise.all([import('../workers/audit-log.js'), import('../machines/audit.js')]);
          let lines;
          try {
            lines = readAuditLog(log);
          } catch (error) {
            throw new CairnError('invalid_input', `cannot read audit log ${log}: ${(error as Error).message}`);
          }
          const report = replay(lines);
          const diverged = report.divergences.length > 0;
          return {
            command: 'replay',
            ok: !diverged,
            data: {
              runs: report.runs,
              steps: options.steps || options.html ? report.steps : report.steps.length,
              divergences: report.divergences,
              ...(options.html ? { log, inputs: lines.flatMap((l) => ('machine' in l ? [{ run: l.run, machine: l.machine, input: l.input }] : [])) } : {}),
            },
            warnings: diverged ? [{ code: 'divergence', message: `${report.divergences.length} step(s) differ from the recording` }] : [],
            truncated: false,
            next_action: 'none' as const,
            exit_code: diverged ? 1 : 0,
          };
        },
        (r) => {
          const d = r.data;
          if (options.html && d.inputs && Array.isArray(d.steps)) return toTimelinePage({ ...d, steps: d.steps, inputs: d.inputs, log: d.log ?? log });
          const lines: string[] = [];
          if (Array.isArray(d.steps)) {
            for (const s of d.steps) {
              const event = s.event ? `${s.event.type} ${summary(s.event)}` : 'start';
              const commands = s.commands.map((c) => `${c.kind} ${summary(c)}`).join(' | ');
              lines.push(`${s.machine}#${s.run} step ${s.step}: ${event}\n    -> ${commands}`);
            }
          }
          for (const x of d.divergences) lines.push(`DIVERGED ${x.machine}#${x.run} step ${x.step}\n  recorded ${JSON.stringify(x.expected)}\n  replayed ${JSON.stringify(x.actual)}`);
          lines.push(`replayed ${d.runs} machine run(s): ${d.divergences.length === 0 ? 'identical to the recording' : `${d.divergences.length} divergence(s)`}`);
          return lines.join('\n');
        },
      );
    });
}
