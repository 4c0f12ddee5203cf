// What the three 朋友圈 pages share: the content summary with its thumbnail, and
// the rule of what a moment may carry (up to 9 images, or one video, or one link).
import { Flex, Typography } from 'antd';
import { MOMENT_MAX_IMAGES, type MomentContent } from '@scrm/contracts/moment';
import type { Material, MaterialType } from '@scrm/contracts/material';
import { MaterialThumb } from '@scrm/web-parts';
import { T } from './texts';

export const MOMENT_TYPES: MaterialType[] = ['image', 'video', 'link'];

/** Why these materials cannot go together in a moment, or null. */
export function attachmentProblem(materials: Array<Pick<Material, 'type'>>): string | null {
  const kinds = new Set(materials.map((m) => m.type));
  if ([...kinds].some((k) => !MOMENT_TYPES.includes(k))) return T.mixed;
  if (kinds.size > 1) return T.mixed;
  if ((kinds.has('video') || kinds.has('link')) && materials.length > 1) return T.mixed;
  if (materials.length > MOMENT_MAX_IMAGES) return T.tooManyImages;
  return null;
}

/** How many more the picker may add to these: images up to 9; a video or a link alone. */
export function pickerMax(materials: Array<Pick<Material, 'type'>>): number {
  if (!materials.length) return MOMENT_MAX_IMAGES;
  return materials[0]!.type === 'image' ? MOMENT_MAX_IMAGES : 1;
}

function mediaLabel(first: Material | undefined, count: number): string {
  if (!count) return '';
  if (first?.type === 'video') return T.video;
  if (first?.type === 'link') return T.link;
  return T.images(count);
}

/** The first material's thumbnail, the text's start and what else it carries. */
export function ContentSummary({ content, materials }: { content: MomentContent; materials: Map<number, Material> }) {
  const first = content.materialIds.map((id) => materials.get(id)).find(Boolean);
  const count = content.materialIds.length;
  return (
    <Flex gap={10} align="center" style={{ minWidth: 0 }} data-testid="moment-content">
      {first ? <MaterialThumb material={first} size={40} /> : null}
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text ellipsis={{ tooltip: content.text }} type={content.text ? undefined : 'secondary'} style={{ maxWidth: 260 }}>
          {content.text || T.noText}
        </Typography.Text>
        {count ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {mediaLabel(first, count)}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
