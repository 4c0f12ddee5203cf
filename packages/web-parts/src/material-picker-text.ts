// The wording of the material picker and the attachment list, and where the library is managed.
/** The wording of the picker and the attachment list. */
export const MATERIAL_PICKER_TEXT = {
  title: '选择素材',
  all: '全部',
  allGroups: '全部分组',
  ungrouped: '未分组',
  search: '搜索标题或内容',
  selected: (n: number, max: number) => `已选 ${n}/${max}`,
  max: (n: number) => `最多选择 ${n} 个`,
  empty: '素材库中还没有可用的素材',
  emptyType: (type: string) => `素材库中还没有${type}素材`,
  emptyFiltered: '没有符合条件的素材',
  goAdd: '去素材库添加',
  refresh: '刷新',
  loadFailed: '素材加载失败',
  ok: '确定',
  cancel: '取消',
  deleted: '素材已删除',
  moveUp: '上移',
  moveDown: '下移',
  remove: '移除',
  total: (n: number) => `共 ${n} 个`,
};

/** Where the library is managed (opened in a new tab, so a half-filled form survives). */
export const MATERIAL_LIBRARY_HREF = '#/material/list';
