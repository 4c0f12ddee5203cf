// Pages the shell owns (DESIGN.md §2): marketing pushes, materials and the third-party authorization screen.
import { lazy } from 'react';
import { ComingSoon, ComingSoonPage, PageFrame } from '@scrm/web-kit/ui';
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

export const SHELL_PAGES: Array<{ path: string; description: string }> = [
  {
    path: '/push/list',
    description: T.shellPages.push,
  },
  {
    path: '/push/create',
    description: T.shellPages.pushCreate,
  },
];

export function ShellComingSoon({ description }: { description: string }) {
  return <ComingSoonPage description={description} />;
}

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
