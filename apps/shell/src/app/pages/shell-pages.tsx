// Pages the shell owns (DESIGN.md §2): 群发, 朋友圈, materials and the third-party authorization screen.
import { lazy } from 'react';
import { ComingSoon, PageFrame } from '@scrm/web-kit/ui';
import { T } from '../../texts';

/** 素材库, in its own chunk: loaded when first opened. */
export const MATERIAL_LIST_PATH = '/material/list';
export const MaterialListPage = lazy(() => import('./material/index'));

/** 朋友圈 (list, create and edit, detail), each in its own chunk. */
export const MOMENT_PAGES = [
  { path: '/moment-push/list', Page: lazy(() => import('./moment-push/list')) },
  { path: '/moment-push/create', Page: lazy(() => import('./moment-push/create')) },
  { path: '/moment-push/detail', Page: lazy(() => import('./moment-push/detail')) },
];

/** 群发, the three pages in one chunk: loaded when one of them is first opened. */
const pushPages = () => import('./push/index');
export const PUSH_PAGES = [
  { path: '/push/list', Page: lazy(() => pushPages().then((m) => ({ default: m.PushListPage }))) },
  { path: '/push/create', Page: lazy(() => pushPages().then((m) => ({ default: m.PushCreatePage }))) },
  { path: '/push/detail', Page: lazy(() => pushPages().then((m) => ({ default: m.PushDetailPage }))) },
];

export const AUTH_THIRD_PART_TITLE = T.shellPages.authThirdPartTitle;

export function AuthThirdPartPage() {
  return (
    <div className="scrm-no-layout">
      <PageFrame title={AUTH_THIRD_PART_TITLE}>
        <ComingSoon description={T.shellPages.authThirdPart} />
      </PageFrame>
    </div>
  );
}
