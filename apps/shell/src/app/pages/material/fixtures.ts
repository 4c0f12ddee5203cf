// Test data of the library's materials (not shipped): the material page's tests and the push pages' previews.
import type { Material, MaterialType } from '@scrm/contracts/material';

export const file = (id: number, name: string, mime: string) => ({ fileId: id, name, size: 3 * 1024 * 1024, mime, url: `http://x/api/material/file/${id}/t` });
export const material = (id: number, type: MaterialType, title: string, extra: Partial<Material> = {}): Material => ({
  id,
  type,
  title,
  groupId: null,
  groupName: '',
  content: '',
  url: '',
  appid: '',
  page: '',
  file: null,
  cover: null,
  createdAt: 1_700_000_000_000 + id,
  updatedAt: 1_700_000_000_000 + id,
  ...extra,
});
