// Calls of the material library (/api/material/*): one request function and query key per call.
// Shared by the 素材库 page and the material picker, so both read and refresh the same cache.
import type {
  Material,
  MaterialFile,
  MaterialGroup,
  MaterialGroupList,
  MaterialInput,
  MaterialList,
  MaterialListBody,
  MaterialUpdateBody,
  UploadKind,
} from '@scrm/contracts/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, httpEvents, notifyError, post, toApiRequestError, useRefreshingMutation, type QueryConfig } from '@scrm/web-kit';

/** Everything cached for the library of a work space (invalidate this after a change). */
export const materialsRootKey = (workId: number) => ['material', workId] as const;

export const materialsKey = (workId: number, body: MaterialListBody) => ['material', workId, 'list', body] as const;
export const listMaterials = (body: MaterialListBody) => post<MaterialList>('/api/material/list', body);
export const materialsQueryOptions = (workId: number, body: MaterialListBody) => queryOptions({ queryKey: materialsKey(workId, body), queryFn: () => listMaterials(body) });
export const useMaterials = (workId: number, body: MaterialListBody, config: QueryConfig<typeof materialsQueryOptions> = {}) => useQuery({ ...materialsQueryOptions(workId, body), ...config });

export const materialGroupsKey = (workId: number) => ['material', workId, 'groups'] as const;
export const listMaterialGroups = () => post<MaterialGroupList>('/api/material/group/list', {});
export const materialGroupsQueryOptions = (workId: number) => queryOptions({ queryKey: materialGroupsKey(workId), queryFn: listMaterialGroups });
export const useMaterialGroups = (workId: number, config: QueryConfig<typeof materialGroupsQueryOptions> = {}) => useQuery({ ...materialGroupsQueryOptions(workId), ...config });

export const addMaterial = (input: MaterialInput) => post<Material>('/api/material/add', input);
export const updateMaterial = (body: MaterialUpdateBody) => post<Material>('/api/material/update', body);
export const deleteMaterials = (ids: number[]) => post<null>('/api/material/delete', { ids });
export const moveMaterials = (ids: number[], groupId: number | null) => post<null>('/api/material/move', { ids, groupId });
// After a change the whole library of the work space is read again (lists, groups' counts, pickers).
export const useAddMaterial = (workId: number) => useRefreshingMutation(addMaterial, materialsRootKey(workId));
export const useUpdateMaterial = (workId: number) => useRefreshingMutation(updateMaterial, materialsRootKey(workId));
export const useDeleteMaterials = (workId: number) => useRefreshingMutation(deleteMaterials, materialsRootKey(workId), { wait: true });
export const useMoveMaterials = (workId: number) =>
  useRefreshingMutation(({ ids, groupId }: { ids: number[]; groupId: number | null }) => moveMaterials(ids, groupId), materialsRootKey(workId));

export const addMaterialGroup = (name: string) => post<MaterialGroup>('/api/material/group/add', { name });
export const updateMaterialGroup = (id: number, name: string) => post<MaterialGroup>('/api/material/group/update', { id, name });
export const deleteMaterialGroup = (id: number) => post<null>('/api/material/group/delete', { id });

export interface UploadOptions {
  /** 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a file as multipart through the shared HTTP client (token, work space and XSRF headers
 * included) and resolves with the stored file. A failure is toasted like any call and rethrown.
 */
export async function uploadMaterialFile(kind: UploadKind, file: Blob & { name?: string }, opts: UploadOptions = {}): Promise<MaterialFile> {
  const form = new FormData();
  // The kind first: the server reads the form in order.
  form.append('kind', kind);
  form.append('file', file, file.name ?? 'file');
  try {
    const res = await http.post<{ code: number; message: string; data: MaterialFile }>('/api/material/upload', form, {
      signal: opts.signal,
      onUploadProgress: (e) => {
        if (e.total) opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
      },
    });
    return res.data.data;
  } catch (error) {
    const err = toApiRequestError(error);
    if (err.status === 401) httpEvents.emit('unauthorized', err);
    notifyError(err);
    throw err;
  }
}
