import type { Static } from 'typebox';
import type { CodeSendData } from '@scrm/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { post } from '@scrm/web-kit';

export const sendSmsCode = (phone: string) => post<Static<typeof CodeSendData>>('/api/account/code/send', { phone });
export const useSendSmsCode = () => useMutation({ mutationFn: sendSmsCode });
