import { post } from '@scrm/web-kit';

export const logout = () => post('/api/account/logout', {}, { silent: true });
