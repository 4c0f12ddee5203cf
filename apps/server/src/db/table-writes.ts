// A Kysely plugin that tells listeners, once a statement has run, that this process wrote (UPDATE or
// DELETE, and INSERT for a watch that asks) one of the tables they watch — whatever repository wrote it
// through the query builder (raw `sql` statements are not seen). The session cache
// (auth/session-cache.ts) empties on it at once in the writing process, other processes hearing of the
// commit through NOTIFY; a search's kept pages (customer/customer-searches.ts) are dropped.
import {
  AliasNode,
  ColumnNode,
  DeleteQueryNode,
  InsertQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

interface Watch {
  tables: ReadonlySet<string>;
  /** INSERTs count too (a new row can change the answer: a customer newly matching a search). */
  inserts: boolean;
  /** An UPDATE that sets only these columns does not count (it changes no answer: a session's last seen time). */
  ignoredColumns: ReadonlySet<string>;
  changed(): void;
}

const tableName = (node: OperationNode | undefined): string | undefined => {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
};

export class TableWrites implements KyselyPlugin {
  private readonly watches: Watch[] = [];
  private readonly pending = new WeakMap<QueryId, Watch[]>();

  watch(tables: string[], changed: () => void, opts: { inserts?: boolean; ignoredColumns?: string[] } = {}): void {
    this.watches.push({ tables: new Set(tables), inserts: opts.inserts ?? false, ignoredColumns: new Set(opts.ignoredColumns), changed });
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    // Reads, most statements, pass at the cost of a kind test (this runs on every query of both databases).
    if (this.watches.length && (UpdateQueryNode.is(node) || DeleteQueryNode.is(node) || InsertQueryNode.is(node))) {
      const hit = this.watches.filter((w) => touches(node, w));
      if (hit.length) this.pending.set(queryId, hit);
    }
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const w of this.pending.get(queryId) ?? []) w.changed();
    return result;
  }
}

function touches(node: RootOperationNode, w: Watch): boolean {
  if (UpdateQueryNode.is(node)) {
    if (!w.tables.has(tableName(node.table) ?? '')) return false;
    const set = (node.updates ?? []).map((u) => (ColumnNode.is(u.column) ? u.column.column.name : ''));
    return !set.length || set.some((c) => !w.ignoredColumns.has(c));
  }
  if (DeleteQueryNode.is(node)) return node.from.froms.some((f) => w.tables.has(tableName(f) ?? ''));
  if (InsertQueryNode.is(node)) return w.inserts && w.tables.has(tableName(node.into) ?? '');
  return false;
}
