// A Kysely plugin that tells listeners, once a statement has run, that this process wrote (UPDATE or
// DELETE) one of the tables they watch — whatever repository wrote it. The session cache
// (auth/session-cache.ts) empties on it at once in the writing process; other processes hear of the
// commit through NOTIFY.
import {
  AliasNode,
  DeleteQueryNode,
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

  watch(tables: string[], changed: () => void): void {
    this.watches.push({ tables: new Set(tables), changed });
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.watches.length) {
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
  if (UpdateQueryNode.is(node)) return w.tables.has(tableName(node.table) ?? '');
  if (DeleteQueryNode.is(node)) return node.from.froms.some((f) => w.tables.has(tableName(f) ?? ''));
  return false;
}
