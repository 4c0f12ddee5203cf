import { createContext, useContext, type Context, type ReactNode } from 'react';
import { Form } from 'antd';

interface ItemStatus {
  errors?: ReactNode[];
}

// Form.Item.useStatus() warns outside a Form.Item; its context (exposed for this use) does not.
// Read through the shared antd so the context is the page's own; a stand-in if a future antd drops it.
const ItemContext: Context<ItemStatus> = (Form.Item.useStatus as unknown as { Context?: Context<ItemStatus> }).Context ?? createContext<ItemStatus>({});

/** Errors the enclosing Form.Item shows (none outside one): an editor then need not repeat them. */
export function useFormItemErrors(): readonly ReactNode[] {
  return useContext(ItemContext).errors ?? [];
}
