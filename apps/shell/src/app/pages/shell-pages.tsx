// Pages the shell owns (DESIGN.md §2): marketing pushes, materials and the third-party authorization screen.
import { lazy } from 'react';
import { ComingSoon, ComingSoonPage, PageFrame } from '@scrm/web-kit/ui';

/** 素材库, in its own chunk: loaded when first opened. */
export const MATERIAL_LIST_PATH = '/material/list';
export const MaterialListPage = lazy(() => import('./material/index'));

export const SHELL_PAGES: Array<{ path: string; description: string }> = [
  {
    path: '/push/list',
    description: '按成员、标签、添加时间或客户群筛选客户，发送文字与素材的群发任务，可立即或定时发送，并跟踪成员确认与每位客户的送达情况。',
  },
  {
    path: '/push/create',
    description: '新建群发：选择发送对象与客户群，编辑文字并从素材库添加最多 9 个附件，设置立即或定时发送。',
  },
  {
    path: '/moment-push/list',
    description: '创建企业朋友圈任务，按成员与客户标签设置可见范围，查看每位成员的发表状态与结果。',
  },
  {
    path: '/moment-push/create',
    description: '新建朋友圈：编辑文字，添加图片、视频或链接，选择发表成员和可见的客户标签。',
  },
];

export function ShellComingSoon({ description }: { description: string }) {
  return <ComingSoonPage description={description} />;
}

export const AUTH_THIRD_PART_TITLE = '第三方应用授权';

export function AuthThirdPartPage() {
  return (
    <div className="scrm-no-layout">
      <PageFrame title={AUTH_THIRD_PART_TITLE}>
        <ComingSoon description="在企业微信应用市场安装本应用后，将在此确认授权，并把企业连接为新的企业账号。" />
      </PageFrame>
    </div>
  );
}
