import type { AuthUrl, WorkSpaceInfo } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const getThirdPreCode = () => post<AuthUrl>('/api/qw/third/auth/preCode', {}, { silent: true });
export const thirdAuthCallback = (authCode: string, state: string) =>
  post<WorkSpaceInfo>('/api/qw/third/auth/callback', { auth_code: authCode, state }, { silent: true });
