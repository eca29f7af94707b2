// The diff answer: a git range (--base [--head]) or explicit paths (--files) mapped onto
// indexed symbols, edges and unresolved callers.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandContext, PhaseReporter } from '../../contracts/command.js';
import type { CommandResult, Warning } from '../../contracts/envelope.js';
import { CairnError } from '../../contracts/errors.js';
import type { DiffData } from '../../contracts/diff.js';
import { DIFF_DEFAULT_LIMIT, DIFF_MAX_LIMIT, diffFiles, diffRange, indexBytes, type SnapshotIndexer, type SnapshotMaker } from '../diff.js';
import { resolveRevision } from '../git.js';
import { archiveSnapshot, overlaySnapshot, worktreeIs } from '../snapshot.js';
import { sweepStaleSnapshots } from '../snapshot-dirs.js';
import { isFresh } from '../../machines/freshness.js';
import { languageForPath } from '../../parsers/index.js';
import { mayAffectModuleConfig } from '../../parsers/module-config.js';
import { cairnPath, checkIndexPaths } from '../../gate/cairn-paths.js';
import { graphPath, openStore, type GraphStore } from '../../store/index.js';
import { currentFreshness } from '../../workers/freshness-check.js';
import { analyseFile } from '../../workers/analyse-file.js';
import { isExcludedPath } from '../../workers/inventory.js';
import { indexGate } from '../../gate/config-files.js';
import { documentsCiting, indexedDocs } from '../docs.js';
import { acquireWriteLock } from '../../workers/lock.js';
import { indexWorkspace } from '../../workers/pipeline.js';
import { openGraph } from '../open-graph.js';
import { staleSources, staleSourceWarning } from '../stale-source.js';
import { intOption, silentPhases } from './options.js';

export interface DiffFlags {
  base?: string;
  head?: string;
  files?: string[];
  limit?: string;
}

const emptyData = (): DiffData => ({ base: null, head: null, files: [], symbols: [], edges: [], newly_unresolved_callers: [], unmapped_hunks: [], documents: [] });

/** The diff answer (the CLI and the MCP server print it). */
export async function diff(ctx: CommandContext, flags: DiffFlags, progress: PhaseReporter = silentPhases): Promise<CommandResult<DiffData>> {
  const limit = intOption(flags.limit, '--limit', DIFF_DEFAULT_LIMIT, 1, DIFF_MAX_LIMIT);
  if (flags.files && (flags.base !== undefined || flags.head !== undefined)) {
    throw new CairnError('invalid_argument', '--files and --base/--head are mutually exclusive', 2, 'none', emptyData());
  }
  if (!flags.files && flags.base === undefined) {
    throw new CairnError('base_revision_required', 'name a range with --base <revision> or paths with --files', 2, 'provide a base revision', emptyData());
  }
  const graph = openGraph(ctx.workspace);
  try {
    if (flags.files) {
      const result = diffFiles(graph, indexGate(ctx.workspace), flags.files, limit, ctx.tests);
      // The paths map onto the current index: a named file that changed since, or a source
      // file the index has not seen yet, makes the mapping stale, and the answer says so.
      const stale = staleSources(ctx.workspace, graph, result.data.files.map((f) => f.path));
      for (const w of result.warnings) {
        if (w.code === 'file_not_indexed' && w.on_disk && languageForPath(String(w.path)) !== null) stale.changed.push(String(w.path));
      }
      stale.changed.sort();
      const warning = staleSourceWarning(stale);
      withDocuments(graph, result.data);
      const answer = done(result.data, result.warnings, result.truncated);
      if (!warning) return answer;
      return { ...answer, ok: false, warnings: [...answer.warnings, warning], next_action: 'cairn sync', exit_code: 1 };
    }
    // Snapshot dirs left by a diff that was killed outright go first.
    sweepStaleSnapshots();
    const gate = indexGate(ctx.workspace);
    const base = withData(() => resolveRevision(ctx.workspace, flags.base!, 'base'));
    const head = flags.head === undefined ? null : withData(() => resolveRevision(ctx.workspace, flags.head!, 'head'));
    const meta = graph.meta();
    const includeLibrary = Boolean(meta?.options.include_library);
    progress.phase('checking the index against the work tree');
    const decision = await currentFreshness(ctx.workspace, graph.fileStates(), includeLibrary, graph.moduleConfigs());
    const fresh = isFresh(decision);
    if (!head && !fresh) {
      const changed = [...decision.changed, ...decision.added, ...decision.deleted].sort();
      throw new CairnError(
        'index_stale',
        `the index is older than the work tree (${changed.length} file(s): ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', …' : ''}); run \`cairn sync\` first`,
        1,
        'cairn sync',
        { ...emptyData(), base },
      );
    }
    progress.phase(`indexing ${head ? 'both revisions' : 'the base revision'} and comparing`);
    const result = await diffRange({
      workspace: ctx.workspace,
      gate,
      current: graph,
      base,
      head,
      limit,
      includeTests: ctx.tests,
      // An overlay reuses the index's facts for files git says are unchanged: only sound on a fresh index.
      makers: fresh ? snapshotMakers(ctx.workspace, gate.privacyGlobs) : snapshotMakers(ctx.workspace, gate.privacyGlobs).slice(1),
      indexSnapshot: snapshotIndexer(ctx.workspace, graph, includeLibrary),
      // A head equal to a clean work tree with a fresh index needs no snapshot: the index is that graph.
      currentIs: async (revision) => fresh && worktreeIs(ctx.workspace, revision),
    });
    withDocuments(graph, result.data);
    return done(result.data, result.warnings, result.truncated);
  } finally {
    progress.finish();
    await graph.close();
  }
}

/** Overlay on a copy of the current index first; a whole archive if that cannot be built. */
function snapshotMakers(workspace: string, privacy: string[]): SnapshotMaker[] {
  return [
    (revision) =>
      overlaySnapshot({
        workspace,
        revision,
        privacy,
        copyIndex: async (dir) => {
          // Under the writer lock, so no sync rewrites the index while it is copied.
          const release = await acquireWriteLock(workspace);
          try {
            checkIndexPaths(workspace, false);
            mkdirSync(graphPath(dir), { recursive: true });
            copyFileSync(cairnPath(workspace, 'graph/data.mdb', 'file'), join(graphPath(dir), 'data.mdb'));
          } finally {
            release();
          }
        },
      }),
    (revision) => archiveSnapshot(workspace, revision, privacy),
  ];
}

/**
 * Makes a snapshot's index: over an overlay, the differing files are analysed and
 * reconciled into the index copy (the store re-resolves what they affect); over an
 * archive, the pipeline runs a full init. Then the index is opened read-only.
 */
function snapshotIndexer(workspace: string, current: GraphStore, includeLibrary: boolean): SnapshotIndexer {
  return async (snapshot) => {
    const gate = indexGate(snapshot.dir, workspace);
    if (snapshot.method === 'overlay') {
      // The index copy keeps the current module configuration: a revision with another one needs a whole archive.
      const configChanged = snapshot.changes.find((c) => mayAffectModuleConfig(c.path));
      if (configChanged) throw new Error(`${configChanged.path} differs from the work tree`);
      const upserts = [];
      const deletions = [];
      for (const change of snapshot.changes) {
        const language = languageForPath(change.path);
        const indexable = language !== null && !isExcludedPath(change.path, includeLibrary) && !gate.isPrivate(change.path);
        if (change.present && indexable) upserts.push(await analyseFile(gate, { path: change.path, language }));
        else if (current.file(change.path)) deletions.push(change.path);
      }
      const writable = openStore(snapshot.dir);
      try {
        const meta = current.meta();
        if (!meta || writable.schemaState() !== 'compatible') throw new Error('the index copy is not readable');
        await writable.apply({ upserts, deletions, meta, unsupportedExtensions: current.stats().unsupported_extensions });
      } finally {
        await writable.close();
      }
    } else {
      await indexWorkspace(snapshot.dir, { mode: 'init', includeLibrary, privacyRoot: workspace });
    }
    const store = openStore(snapshot.dir, { readOnly: true });
    return { graph: store, bytes: indexBytes(join(snapshot.dir, '.cairn')), close: () => store.close() };
  };
}

function withData<T>(find: () => T): T {
  try {
    return find();
  } catch (error) {
    if (error instanceof CairnError) throw new CairnError(error.code, error.message, error.exitCode, error.nextAction, emptyData());
    throw error;
  }
}

/** The indexed documents that name a changed symbol (the diff's symbols are views, with id and qualified name). */
function withDocuments(graph: GraphStore, data: DiffData): void {
  if (data.symbols.length === 0) return;
  data.documents = documentsCiting(indexedDocs(graph), data.symbols.map((s) => s.symbol));
}

function done(data: DiffData, warnings: Warning[], truncated: boolean): CommandResult<DiffData> {
  if (truncated) warnings.push({ code: 'limit_reached', message: 'a collection reached the diff limit; narrow the range or use --files' });
  return { command: 'diff', ok: true, data, warnings, truncated, next_action: truncated ? 'narrow the query' : 'none', exit_code: 0 };
}
