import type { AuthResult, AuthUrl } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const getReplaceAuthUrl = () => post<AuthUrl>('/api/qw/replace/auth/url', {});
export const getReplaceAuthResult = (state: string) => post<AuthResult>('/api/qw/replace/auth/result', { state }, { silent: true });
