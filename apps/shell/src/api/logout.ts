import { post } from '@scrm/web-kit/base';

export const logout = () => post('/api/account/logout', {}, { silent: true });
