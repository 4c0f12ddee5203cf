// A saved push's content as the customer sees it: the phone preview with its library attachments.
import type { MaterialListBody } from '@scrm/contracts/material';
import type { PushContent } from '@scrm/contracts/push';
import { useStore } from '@scrm/web-kit';
import { useMaterials, WelcomePreview } from '@scrm/web-parts';
import { T } from './texts';

export function ContentPreview({ content }: { content: PushContent }) {
  const workId = useStore('workId');
  const ids = content.materialIds;
  const body: MaterialListBody = { ids: [...new Set(ids)].sort((a, b) => a - b) };
  const materials = useMaterials(workId, body, { enabled: workId > 0 && ids.length > 0 });
  const byId = new Map((materials.data?.list ?? []).map((m) => [m.id, m] as const));
  const settled = materials.isSuccess || materials.isError;
  return <WelcomePreview text={content.text} attachments={ids.map((id) => byId.get(id) ?? (settled ? null : undefined))} emptyText={T.content.previewEmpty} />;
}
