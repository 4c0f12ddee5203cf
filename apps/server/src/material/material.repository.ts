// SQL of the material library: groups, materials, stored files (bytes in the database) and the
// WeCom media ids cached per file.
import { sql, type Insertable, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { MaterialType } from '@scrm/contracts/material';
import type { Database } from '../db/database.js';
import type { DB, MaterialFileTable, MaterialMediaTable, MaterialTable } from '../db/tables.js';

export type MaterialMedia = Selectable<MaterialMediaTable>;
export type FileInfo = Omit<Selectable<MaterialFileTable>, 'bytes' | 'sha256'>;

/** Bytes read per query when a file is served (see fileSlices). */
const SQLITE_SLICE_BYTES = 2 * 1024 * 1024;
const PG_SLICE_BYTES = 512 * 1024;

/** A material row with its group name and the metadata (not the bytes) of its file and cover. */
export interface MaterialRow extends Selectable<MaterialTable> {
  group_name: string | null;
  f_name: string | null;
  f_mime: string | null;
  f_size: number | null;
  f_token: string | null;
  c_name: string | null;
  c_mime: string | null;
  c_size: number | null;
  c_token: string | null;
}

export interface MaterialQuery {
  type?: MaterialType;
  types?: MaterialType[];
  /** 0: in no group. */
  groupId?: number;
  keyword?: string;
  ids?: number[];
  offset: number;
  limit: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class MaterialRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---------------------------------------------------------------- groups

  listGroups(wsId: number) {
    return this.db
      .selectFrom('material_group as g')
      .select(['g.id', 'g.name'])
      .select((eb) =>
        eb
          .selectFrom('material as m')
          .select((e2) => e2.fn.countAll<number>().as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .where('m.deleted_at', 'is', null)
          .as('count'),
      )
      .where('g.work_space_id', '=', wsId)
      .orderBy('g.sort', 'asc')
      .orderBy('g.id', 'asc')
      .execute();
  }

  async countUngrouped(wsId: number): Promise<number> {
    const row = await this.db
      .selectFrom('material')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('work_space_id', '=', wsId)
      .where('deleted_at', 'is', null)
      .where('group_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findGroup(wsId: number, id: number, trx?: Transaction<DB>) {
    return (trx ?? this.db)
      .selectFrom('material_group')
      .select(['id', 'name'])
      .where('work_space_id', '=', wsId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertGroup(wsId: number, name: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('material_group')
      .values({ work_space_id: wsId, name, sort: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async renameGroup(wsId: number, id: number, name: string): Promise<number> {
    const r = await this.db.updateTable('material_group').set({ name }).where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Its materials (deleted ones too) become ungrouped in the same transaction. */
  async deleteGroup(wsId: number, id: number): Promise<number> {
    return this.transaction(async (trx) => {
      await trx.updateTable('material').set({ group_id: null }).where('work_space_id', '=', wsId).where('group_id', '=', id).execute();
      const r = await trx.deleteFrom('material_group').where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  }

  // ---------------------------------------------------------------- materials

  private withJoins(wsId: number) {
    return this.db
      .selectFrom('material as m')
      .leftJoin('material_group as g', 'g.id', 'm.group_id')
      .leftJoin('material_file as f', 'f.id', 'm.file_id')
      .leftJoin('material_file as c', 'c.id', 'm.cover_file_id')
      .where('m.work_space_id', '=', wsId)
      .where('m.deleted_at', 'is', null);
  }

  private filtered(wsId: number, q: Omit<MaterialQuery, 'offset' | 'limit'>) {
    let query = this.withJoins(wsId);
    if (q.type) query = query.where('m.type', '=', q.type);
    if (q.types) query = query.where('m.type', 'in', q.types);
    if (q.groupId !== undefined) query = q.groupId === 0 ? query.where('m.group_id', 'is', null) : query.where('m.group_id', '=', q.groupId);
    if (q.ids) query = query.where('m.id', 'in', q.ids.length ? q.ids : [0]);
    const keyword = q.keyword?.trim();
    if (keyword) {
      // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
      const like = `%${escapeLike(keyword.toLowerCase())}%`;
      query = query.where((eb) =>
        eb.or([sql<boolean>`lower(m.title) like ${like} escape '\\'`, sql<boolean>`lower(m.content) like ${like} escape '\\'`]),
      );
    }
    return query;
  }

  async count(wsId: number, q: Omit<MaterialQuery, 'offset' | 'limit'>): Promise<number> {
    const row = await this.filtered(wsId, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  list(wsId: number, q: MaterialQuery): Promise<MaterialRow[]> {
    return this.filtered(wsId, q)
      .selectAll('m')
      .select([
        'g.name as group_name',
        'f.name as f_name',
        'f.mime as f_mime',
        'f.size as f_size',
        'f.token as f_token',
        'c.name as c_name',
        'c.mime as c_mime',
        'c.size as c_size',
        'c.token as c_token',
      ])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
  }

  async find(wsId: number, id: number): Promise<MaterialRow | undefined> {
    const [row] = await this.list(wsId, { ids: [id], offset: 0, limit: 1 });
    return row;
  }

  /** The live materials of a work space among `ids` (no joins). */
  liveByIds(wsId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('material')
      .selectAll()
      .where('work_space_id', '=', wsId)
      .where('deleted_at', 'is', null)
      .where('id', 'in', ids)
      .execute();
  }

  async insert(values: Insertable<MaterialTable>, trx?: Transaction<DB>): Promise<number> {
    const row = await (trx ?? this.db).insertInto('material').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(wsId: number, id: number, values: Updateable<MaterialTable>, trx?: Transaction<DB>): Promise<number> {
    const r = await (trx ?? this.db)
      .updateTable('material')
      .set(values)
      .where('work_space_id', '=', wsId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async updateMany(wsId: number, ids: number[], values: Updateable<MaterialTable>, trx?: Transaction<DB>): Promise<number> {
    const r = await (trx ?? this.db)
      .updateTable('material')
      .set(values)
      .where('work_space_id', '=', wsId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  // ---------------------------------------------------------------- files

  async insertFile(values: Insertable<MaterialFileTable>): Promise<number> {
    const row = await this.db.insertInto('material_file').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Deletes files uploaded before `before` that no material points at (live or deleted: a deleted
   * material's file is kept with it) — uploads left behind by a form never saved, or replaced by an
   * edit — with their WeCom media ids. Returns how many went.
   */
  deleteUnusedFiles(before: number): Promise<number> {
    return this.transaction(async (trx) => {
      const unused = trx
        .selectFrom('material_file as f')
        .select('f.id')
        .where('f.created_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('material as m').select('m.id').where((eb) => eb.or([eb('m.file_id', '=', eb.ref('f.id')), eb('m.cover_file_id', '=', eb.ref('f.id'))])))),
        );
      const ids = (await unused.execute()).map((r) => r.id);
      if (!ids.length) return 0;
      await trx.deleteFrom('material_media').where('file_id', 'in', ids).execute();
      const r = await trx.deleteFrom('material_file').where('id', 'in', ids).executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  }

  /** File metadata of a work space (no bytes). */
  fileInfo(wsId: number, id: number, trx?: Transaction<DB>): Promise<FileInfo | undefined> {
    return (trx ?? this.db)
      .selectFrom('material_file')
      .select(['id', 'work_space_id', 'name', 'mime', 'size', 'token', 'created_at'])
      .where('work_space_id', '=', wsId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A file's metadata (not its bytes), by id and its public token. */
  publicFile(id: number, token: string) {
    return this.db
      .selectFrom('material_file')
      .select(['name', 'mime', 'size', 'sha256'])
      .where('id', '=', id)
      .where('token', '=', token)
      .executeTakeFirst();
  }

  /**
   * The bytes of a file, one slice per query (`substr` on a SQLite blob and a PostgreSQL bytea alike),
   * so a download holds a slice at a time, never the whole file. SQLite reads the whole blob for each
   * slice (in process, one statement at a time), so its slices are larger; PostgreSQL reads only the
   * TOAST chunks a slice needs.
   */
  async *fileSlices(id: number, size: number): AsyncGenerator<Buffer> {
    const step = this.database.dialect === 'sqlite' ? SQLITE_SLICE_BYTES : PG_SLICE_BYTES;
    for (let offset = 0; offset < size; offset += step) {
      const row = await this.db
        .selectFrom('material_file')
        .select(sql<Buffer | Uint8Array>`substr(bytes, ${offset + 1}, ${Math.min(step, size - offset)})`.as('slice'))
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row?.slice?.length) throw new Error(`material_file ${id} went away while being read`);
      const b = row.slice;
      yield Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    }
  }

  fileBytes(wsId: number, id: number) {
    return this.db
      .selectFrom('material_file')
      .select(['id', 'name', 'mime', 'bytes'])
      .where('work_space_id', '=', wsId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  // ---------------------------------------------------------------- WeCom media

  findMedia(wsId: number, fileId: number, mediaType: string): Promise<MaterialMedia | undefined> {
    return this.db
      .selectFrom('material_media')
      .selectAll()
      .where('work_space_id', '=', wsId)
      .where('file_id', '=', fileId)
      .where('media_type', '=', mediaType)
      .executeTakeFirst();
  }

  /** Last writer wins: two concurrent uploads of one file leave one valid row. */
  async saveMedia(row: MaterialMedia): Promise<void> {
    await this.db
      .insertInto('material_media')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['work_space_id', 'file_id', 'media_type']).doUpdateSet({
          media_id: row.media_id,
          uploaded_at: row.uploaded_at,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  /** Cached media running out before `before` whose file a live material still uses (all or one work space). */
  expiringMedia(before: number, wsId?: number): Promise<MaterialMedia[]> {
    let q = this.db
      .selectFrom('material_media as mm')
      .selectAll('mm')
      .where('mm.expires_at', '<', before)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('material as m')
            .select('m.id')
            .whereRef('m.work_space_id', '=', 'mm.work_space_id')
            .where('m.deleted_at', 'is', null)
            .where((e2) => e2.or([e2('m.file_id', '=', e2.ref('mm.file_id')), e2('m.cover_file_id', '=', e2.ref('mm.file_id'))])),
        ),
      );
    if (wsId !== undefined) q = q.where('mm.work_space_id', '=', wsId);
    return q.orderBy('mm.work_space_id').orderBy('mm.file_id').execute();
  }
}
